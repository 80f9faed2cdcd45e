/** One parameter of a generated method, as printed. */
export interface ClientParameter {
  name: string;
  optional: boolean;
  /** The TypeScript type, white space collapsed. */
  type: string;
  /** The parameter decorator as printed (`@Query("page-size")`), empty for cookie parameters. */
  decorator: string;
  /** A query object's keys (`@Query({ keys })`), by wire name as its type declares them. */
  keys?: QueryKey[];
}

/** One key of a query object's type. */
export interface QueryKey {
  key: string;
  optional: boolean;
  /** The key's type, comments left out, white space collapsed. */
  type: string;
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

/** What a generated client offers: its methods, and its declared types by name. */
export interface ClientShape {
  methods: ClientMethod[];
  /**
   * Type name → a fingerprint of its declaration (comments left out, white space collapsed): two
   * declarations that differ only there are the same type.
   */
  types: Map<string, string>;
}

/** The version of the shape file's format (`CLIENT_SHAPE_FILE`) this Kit writes and reads. */
export const SHAPE_VERSION = 2;

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
