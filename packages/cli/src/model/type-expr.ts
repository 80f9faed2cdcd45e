import { exactLength } from "./exact-length.js";
import type { SchemaInput } from "./schema-input.js";

/** A type the output declares: a component schema or an inline payload or response object. */
export interface NamedType {
  readonly name: string;
  /** Where the schema that defines it is. */
  readonly pointer: string;
  readonly schema: SchemaInput;
  /**
   * Declared as it is sent: without its `readOnly` properties. Otherwise a type is declared as it
   * is received, without its `writeOnly` properties (see `ReadWriteSplit`).
   */
  readonly view?: "request";
}

/** Which direction a type is built for: what a request sends, or what a response returns. */
export type View = "request" | "response";

/**
 * A TypeScript type as a small tree: what the planner builds from schemas and signatures and the
 * printer turns into text. Unions and intersections keep their members as the document gives
 * them; flattening, sorting and de-duplicating them is the printer's job, on the printed text.
 */
export type TypeExpr =
  | { readonly kind: "primitive"; readonly name: Primitive }
  | { readonly kind: "literal"; readonly value: unknown }
  | { readonly kind: "ref"; readonly type: NamedType }
  | { readonly kind: "array"; readonly item: TypeExpr }
  | TupleExpr
  | { readonly kind: "union"; readonly members: readonly TypeExpr[] }
  | { readonly kind: "intersection"; readonly members: readonly TypeExpr[] }
  | ObjectExpr
  | {
      readonly kind: "record";
      readonly value: TypeExpr;
      /** `{ [key: string]: V }` instead of `Record<string, V>`: V names the alias it stands in. */
      readonly literal: boolean;
      /** The keys, when `propertyNames` lists them: `Partial<Record<"a" | "b", V>>`. */
      readonly keys?: TypeExpr;
    }
  /** A generic type `@kit/api` exports, around its arguments: `KitJsonLines<Pet>`. */
  | { readonly kind: "runtime"; readonly name: RuntimeType; readonly args: readonly TypeExpr[] }
  /** Error responses by status key: `{ 404: NotFound; "4XX": string; default: Problem }`. */
  | { readonly kind: "statuses"; readonly entries: readonly StatusEntry[] };

/** The runtime's types that generated signatures name. */
export type RuntimeType = "KitErrors" | "KitServerSentEvents" | "KitJsonLines";

export interface StatusEntry {
  /** A status code (`404`), a range (`4XX`) or `default`. */
  readonly status: string;
  readonly type: TypeExpr;
}

export type Primitive =
  | "string"
  | "number"
  | "boolean"
  | "null"
  | "unknown"
  | "never"
  | "void"
  | "undefined"
  | "Blob"
  | "FormData";

/**
 * `[A, B?, ...R[]]`: `prefixItems`, the first `required` of them always present (`minItems`), and
 * the items after them (`rest`), none when `items: false`.
 */
export interface TupleExpr {
  readonly kind: "tuple";
  readonly elements: readonly TypeExpr[];
  readonly required: number;
  readonly rest?: TypeExpr;
}

/** An object type with declared properties (an interface's body, or an inline `{ … }`). */
export interface ObjectExpr {
  readonly kind: "object";
  /** Sorted by key. */
  readonly properties: readonly Property[];
  /** Keys beside the declared ones: index signatures, in a fixed order. */
  readonly indexes: readonly IndexSignature[];
}

/**
 * `[key: string]: V`, or `` [key: `prefix${string}`]: V `` for keys that start with `prefix`. V must
 * accept every declared property the keys match, as TypeScript requires.
 */
export interface IndexSignature {
  readonly prefix?: string;
  readonly value: TypeExpr;
}

/** The index signature of an object that allows any other key with any value. */
export const ANY_KEY: readonly IndexSignature[] = [
  { value: { kind: "primitive", name: "unknown" } },
];

export interface Property {
  readonly key: string;
  readonly optional: boolean;
  readonly type: TypeExpr;
  readonly doc: Doc;
}

/** A doc comment's content: paragraphs of document text, then the generator's own tag lines. */
export interface Doc {
  readonly paragraphs: readonly string[];
  readonly tags: readonly string[];
}

export const NO_DOC: Doc = { paragraphs: [], tags: [] };

/**
 * An object with no key at all (`{type: object, additionalProperties: false}`). An empty object
 * type `{}` would accept any value.
 */
export const NOTHING_LEFT: TypeExpr = {
  kind: "record",
  value: { kind: "primitive", name: "never" },
  literal: false,
};

const PRIMITIVES = new Map<Primitive, TypeExpr>();

/** The shared node for a primitive type. */
export function primitive(name: Primitive): TypeExpr {
  let node = PRIMITIVES.get(name);
  if (node === undefined) {
    node = { kind: "primitive", name };
    PRIMITIVES.set(name, node);
  }
  return node;
}

/**
 * A union of `members`. A primitive absorbs the literals of its own kind, also inside nested
 * unions: `"" | string` is `string` (Stripe's `anyOf: [{type: string}, {enum: [""]}]`).
 */
export function union(members: readonly TypeExpr[]): TypeExpr {
  const absorbing = absorbingKinds(members);
  if (absorbing.size === 0) return { kind: "union", members: exactLength(members) };
  return { kind: "union", members: exactLength(withoutAbsorbed(members, absorbing)) };
}

const ABSORBING = new Set<Primitive>(["string", "number", "boolean"]);

/** The literal kinds (`typeof` a value) the union's primitive members absorb. */
function absorbingKinds(members: readonly TypeExpr[], kinds = new Set<string>()): Set<string> {
  for (const member of members) {
    if (member.kind === "primitive" && ABSORBING.has(member.name)) kinds.add(member.name);
    else if (member.kind === "union") absorbingKinds(member.members, kinds);
  }
  return kinds;
}

function withoutAbsorbed(members: readonly TypeExpr[], kinds: Set<string>): TypeExpr[] {
  return members.flatMap((member): TypeExpr[] => {
    if (member.kind === "literal") return kinds.has(typeof member.value) ? [] : [member];
    if (member.kind === "union") return withoutAbsorbed(member.members, kinds);
    return [member];
  });
}

export function intersection(members: readonly TypeExpr[]): TypeExpr {
  return { kind: "intersection", members: exactLength(members) };
}

/** Whether the type accepts anything: `unknown`, or a union with such a member. */
export function isUnknown(type: TypeExpr): boolean {
  if (type.kind === "primitive") return type.name === "unknown";
  if (type.kind === "union") return type.members.some(isUnknown);
  if (type.kind === "intersection") return type.members.every(isUnknown);
  return false;
}

/** Calls `visit` for every reference in the tree, in the order the tree was built. */
export function forEachReference(type: TypeExpr, visit: (named: NamedType) => void): void {
  switch (type.kind) {
    case "ref":
      visit(type.type);
      return;
    case "array":
      forEachReference(type.item, visit);
      return;
    case "tuple":
      for (const element of type.elements) forEachReference(element, visit);
      if (type.rest !== undefined) forEachReference(type.rest, visit);
      return;
    case "record":
      if (type.keys !== undefined) forEachReference(type.keys, visit);
      forEachReference(type.value, visit);
      return;
    case "union":
    case "intersection":
      for (const member of type.members) forEachReference(member, visit);
      return;
    case "object":
      for (const property of type.properties) forEachReference(property.type, visit);
      for (const index of type.indexes) forEachReference(index.value, visit);
      return;
    case "runtime":
      for (const arg of type.args) forEachReference(arg, visit);
      return;
    case "statuses":
      for (const entry of type.entries) forEachReference(entry.type, visit);
      return;
    default:
      return;
  }
}

/** Doc text from a document value: only strings are text, anything else says nothing. */
export function docOf(paragraphs: readonly unknown[], tags: readonly string[] = []): Doc {
  const texts = paragraphs.filter(
    (paragraph): paragraph is string => typeof paragraph === "string",
  );
  if (texts.length === 0 && tags.length === 0) return NO_DOC;
  return { paragraphs: exactLength(texts), tags: exactLength(tags) };
}
