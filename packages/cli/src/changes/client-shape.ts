import type { GeneratedFile } from "../options.js";

/** One parameter of a generated method, as printed. */
export interface ClientParameter {
  name: string;
  optional: boolean;
  /** The TypeScript type, white space collapsed. */
  type: string;
  /** The parameter decorator as printed (`@Query("page-size")`), empty for cookie parameters. */
  decorator: string;
}

/** A method's name, parameters and result, as printed. */
export interface ClientSignature {
  method: string;
  parameters: ClientParameter[];
  /** The `Promise<…>` type argument. */
  returns: string;
}

/** One method of a generated API class. */
export interface ClientMethod extends ClientSignature {
  /** Verb and full route, the identity of the operation: `GET /pets/:petId`. */
  operation: string;
  className: string;
}

/**
 * A client just printed: its files, and the methods of each API file by path, their types and
 * decorators as printed (white space included).
 */
export interface PrintedClient {
  files: readonly GeneratedFile[];
  methods: ReadonlyMap<string, readonly ClientMethod[]>;
}

/** What a generated client offers: its methods, and its declared types by name. */
export interface ClientShape {
  methods: ClientMethod[];
  /** Type name → declaration text without comments, white space collapsed. */
  types: Map<string, string>;
}

export function emptyClient(): ClientShape {
  return { methods: [], types: new Map() };
}

/** `listPets(limit?: number): Promise<Pet[]>`, the way the report prints a method. */
export function formatSignature(method: ClientMethod): string {
  const parameters = method.parameters.map(formatParameter).join(", ");
  return `${method.method}(${parameters}): Promise<${method.returns}>`;
}

export function formatParameter(parameter: ClientParameter): string {
  return `${parameter.name}${parameter.optional ? "?" : ""}: ${parameter.type}`;
}
