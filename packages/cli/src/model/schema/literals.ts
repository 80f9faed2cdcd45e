import type { SchemaObject } from "../../openapi/types.js";
import { type TypeExpr, union } from "../type-expr.js";

/**
 * `const` and `enum` list the values themselves: their literal types are exact, so the other
 * keywords beside them (`type`, `format`, …) add nothing and are not combined in.
 */
export function buildLiterals(schema: SchemaObject): TypeExpr | undefined {
  if (Object.hasOwn(schema, "const")) return { kind: "literal", value: schema.const };
  if (Array.isArray(schema.enum)) {
    return union(schema.enum.map((value): TypeExpr => ({ kind: "literal", value })));
  }
  return undefined;
}
