import { intersection, isUnknown, type TypeExpr } from "../type-expr.js";

/**
 * The type of a value that must fit every one of `types` (declarations of one property in several
 * `allOf` branches): their intersection, without what adds nothing to it. A repeated type counts
 * once, `unknown` drops beside others, and `string`, `number` or `boolean` drops beside literals
 * of only its own kind (`"a" | "b"` and `string` is `"a" | "b"`).
 */
export function allApply(types: readonly TypeExpr[]): TypeExpr {
  const distinct = types.filter(
    (type, index) => types.findIndex((other) => sameType(type, other)) === index,
  );
  const typing = distinct.filter((type) => !isUnknown(type));
  const kept = typing.length === 0 ? distinct.slice(-1) : typing;
  const narrowed = kept.filter(
    (type) =>
      !(
        type.kind === "primitive" &&
        kept.some((other) => other !== type && literalKinds(other) === type.name)
      ),
  );
  return narrowed.length === 1 ? narrowed[0]! : intersection(narrowed);
}

/** Two types known to be the same: one primitive, or references to one named type. */
function sameType(a: TypeExpr, b: TypeExpr): boolean {
  if (a === b) return true;
  if (a.kind === "primitive" && b.kind === "primitive") return a.name === b.name;
  if (a.kind === "ref" && b.kind === "ref") return a.type === b.type;
  return false;
}

/** `"string"` for a literal or union of string literals, and so on; undefined for anything else. */
function literalKinds(type: TypeExpr): string | undefined {
  if (type.kind === "literal") return typeof type.value;
  if (type.kind !== "union") return undefined;
  const kinds = new Set(type.members.map(literalKinds));
  return kinds.size === 1 ? [...kinds][0] : undefined;
}
