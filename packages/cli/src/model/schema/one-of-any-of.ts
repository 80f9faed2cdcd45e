import { appendPointer } from "../../openapi/pointer.js";
import type { SchemaObject } from "../../openapi/types.js";
import { ownShape } from "../merge-object-shape.js";
import { intersection, primitive, type TypeExpr, union } from "../type-expr.js";
import { isConstraintOnly, isRequiredOnly, requiredKeys } from "./constraint-only.js";
import { buildRequiredKeys } from "./required-keys.js";
import type { SchemaContext } from "./schema-context.js";
import { excludesObjects } from "./type-keyword.js";

export type UnionKeyword = "oneOf" | "anyOf";

/**
 * The union of a `oneOf` or `anyOf`. When the schema's other keywords type it (`typedBySiblings`),
 * a branch that only constrains stands for that type: one that lists `required` keys makes them
 * required (`{ a: string } | { b: string }` beside the properties a and b), any other is `unknown`
 * here without a warning, and a list of only such unknowns adds nothing (undefined).
 * `objectParts` (the schema's own properties and required keys) join each branch that may be an
 * object: they say nothing about a string or an array (`string | ({ b?: B } & { a: unknown })`).
 */
export function buildOneOfAnyOf(
  schema: SchemaObject,
  keyword: UnionKeyword,
  pointer: string,
  context: SchemaContext,
  typedBySiblings: boolean,
  objectParts: readonly TypeExpr[] = [],
): TypeExpr | undefined {
  const branches = schema[keyword]!;
  if (typedBySiblings && branches.every(isConstraintOnly) && !branches.some(isRequiredOnly)) {
    return undefined;
  }
  const own = ownShape(schema, pointer);
  return union(
    context.at("union", () =>
      branches.map((branch, index) => {
        if (!typedBySiblings || !isConstraintOnly(branch)) {
          const at = appendPointer(pointer, keyword, index);
          const type = context.build(branch, at);
          return objectParts.length === 0 || excludesObjects(context.loaded, branch, at)
            ? type
            : intersection([type, ...objectParts]);
        }
        return isRequiredOnly(branch)
          ? buildRequiredKeys(requiredKeys(branch), own, context)
          : primitive("unknown");
      }),
    ),
  );
}
