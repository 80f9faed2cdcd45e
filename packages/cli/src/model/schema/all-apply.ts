import { isObject } from "../../openapi/is-object.js";
import { intersection, isUnknown, type TypeExpr } from "../type-expr.js";

/**
 * The type of a value that must fit every one of `types` (declarations of one property in several
 * `allOf` branches): their intersection, without what adds nothing to it. A repeated type counts
 * once; `unknown` drops beside others; a union drops beside one of its own members
 * (`(string | null) & string` is `string`), and so does any object (`{type: object}`, also
 * nullable) beside an object type; `string`, `number` or `boolean` drops beside literals of its
 * own kind only (`"a" | "b"` and `string` is `"a" | "b"`); arrays intersect their items
 * (`(A & B)[]`). Undefined where two types share no kind of value (`number` and an object): the
 * document contradicts itself, and no value would fit.
 */
export function allApply(types: readonly TypeExpr[]): TypeExpr | undefined {
  if (contradict(types)) return undefined;
  const distinct = types.filter(
    (type, index) => types.findIndex((other) => sameType(type, other)) === index,
  );
  const typing = distinct.filter((type) => !isUnknown(type));
  const kept = typing.length === 0 ? distinct.slice(-1) : typing;
  const narrowed = kept.filter(
    (type) => !kept.some((other) => other !== type && narrows(other, type)),
  );
  if (narrowed.length === 1) return narrowed[0]!;
  if (narrowed.every((type) => type.kind === "array")) {
    const item = allApply(narrowed.map((type) => type.item));
    if (item !== undefined) return { kind: "array", item };
  }
  return intersection(narrowed);
}

/** Whether `narrow` fits inside `wide`, so that beside it `wide` adds nothing. */
function narrows(narrow: TypeExpr, wide: TypeExpr): boolean {
  if (wide.kind === "primitive") return literalKinds(narrow) === wide.name;
  if (isAnyObject(wide) || (wide.kind === "union" && wide.members.some(isAnyObject))) {
    if (isObjectLike(narrow))
      return wide.kind !== "union" || wide.members.every(orNull(isAnyObject));
  }
  return wide.kind === "union" && wide.members.some((member) => sameType(member, narrow));
}

/** `Record<string, unknown>`: an object the schema says nothing more of. */
function isAnyObject(type: TypeExpr): boolean {
  return type.kind === "record" && type.keys === undefined && isUnknown(type.value);
}

/** An object type with members, or a reference to an object schema. */
function isObjectLike(type: TypeExpr): boolean {
  if (type.kind === "ref") {
    const schema: unknown = type.type.schema;
    return (
      isObject(schema) &&
      (schema.type === "object" || isObject(schema.properties) || Array.isArray(schema.allOf))
    );
  }
  return type.kind === "object" || (type.kind === "record" && !isAnyObject(type));
}

/** Whether two of `types` share no kind of value (`string`, `number`, object, array, …). */
function contradict(types: readonly TypeExpr[]): boolean {
  const kinds = types.map(kindsOf).filter((set) => set !== undefined);
  return kinds.some((a, index) =>
    kinds.slice(index + 1).some((b) => ![...a].some((kind) => b.has(kind))),
  );
}

/** The kinds of value a type accepts; undefined where that is not known here (a reference). */
function kindsOf(type: TypeExpr): Set<string> | undefined {
  switch (type.kind) {
    case "primitive":
      if (type.name === "unknown" || type.name === "never") return undefined;
      return new Set([type.name === "Blob" ? "string" : type.name]);
    case "literal":
      return new Set([type.value === null ? "null" : typeof type.value]);
    case "object":
    case "record":
      return new Set(["object"]);
    case "array":
    case "tuple":
      return new Set(["array"]);
    case "union": {
      const all = new Set<string>();
      for (const member of type.members) {
        const kinds = kindsOf(member);
        if (kinds === undefined) return undefined;
        for (const kind of kinds) all.add(kind);
      }
      return all;
    }
    default:
      return undefined;
  }
}

function orNull(test: (type: TypeExpr) => boolean): (type: TypeExpr) => boolean {
  return (type) => (type.kind === "primitive" && type.name === "null") || test(type);
}

/** Two types known to be the same: one primitive, references to one named type, any object. */
function sameType(a: TypeExpr, b: TypeExpr): boolean {
  if (a === b) return true;
  if (a.kind === "primitive" && b.kind === "primitive") return a.name === b.name;
  if (a.kind === "ref" && b.kind === "ref") return a.type === b.type;
  return isAnyObject(a) && isAnyObject(b);
}

/** `"string"` for a literal or union of string literals, and so on; undefined for anything else. */
function literalKinds(type: TypeExpr): string | undefined {
  if (type.kind === "literal") return typeof type.value;
  if (type.kind !== "union") return undefined;
  const kinds = new Set(type.members.map(literalKinds));
  return kinds.size === 1 ? [...kinds][0] : undefined;
}
