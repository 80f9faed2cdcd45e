import { appendPointer } from "../../openapi/pointer.js";
import type { SchemaObject } from "../../openapi/types.js";
import { primitive, type TypeExpr, union } from "../type-expr.js";
import { isConstraintOnly } from "./constraint-only.js";
import type { SchemaContext } from "./schema-context.js";
import { buildSchemaType } from "./schema-type.js";

export type AlternativesKeyword = "oneOf" | "anyOf";

/**
 * The union of a `oneOf` or `anyOf`. When the schema's other keywords type it (`typedBySiblings`),
 * a branch that only constrains (`{required: [a]}`) stands for that type: it is `unknown` here
 * without a warning, and a list of only such branches adds nothing (undefined).
 */
export function buildAlternatives(
  schema: SchemaObject,
  keyword: AlternativesKeyword,
  pointer: string,
  context: SchemaContext,
  typedBySiblings: boolean,
): TypeExpr | undefined {
  const branches = schema[keyword]!;
  if (typedBySiblings && branches.every(isConstraintOnly)) return undefined;
  return union(
    context.at("union", () =>
      branches.map((branch, index) =>
        typedBySiblings && isConstraintOnly(branch)
          ? primitive("unknown")
          : buildSchemaType(branch, appendPointer(pointer, keyword, index), context),
      ),
    ),
  );
}
