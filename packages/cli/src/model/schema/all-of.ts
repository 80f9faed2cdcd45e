import { isObject } from "../../openapi/is-object.js";
import { appendPointer } from "../../openapi/pointer.js";
import type { SchemaObject } from "../../openapi/types.js";
import { mergeObjectShape, ownShape } from "../merge-object-shape.js";
import { intersection, primitive, type TypeExpr } from "../type-expr.js";
import { isConstraintOnly } from "./constraint-only.js";
import { buildObjectType } from "./object.js";
import type { SchemaContext } from "./schema-context.js";
import { buildSchemaType } from "./schema-type.js";

/**
 * `allOf` with the schema's own properties: object branches merge into one object type; with a
 * non-object branch the result is an intersection. A lone branch (`allOf: [$ref]`, often used to
 * annotate a reference) stays a name. A branch that only constrains adds nothing beside others.
 */
export function buildAllOf(
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const branches = schema.allOf!;
  const hasOwnStructure = isObject(schema.properties) || schema.additionalProperties !== undefined;
  if (branches.length === 1 && !hasOwnStructure) {
    return buildSchemaType(branches[0]!, appendPointer(pointer, "allOf", 0), context);
  }
  const merged = mergeObjectShape(context.loaded, [{ schema, pointer }]);
  if (merged) return buildObjectType(merged, context);
  const typed = hasOwnStructure || branches.some((branch) => !isConstraintOnly(branch));
  const parts = context.at("intersection", () =>
    branches.map((branch, index) =>
      typed && isConstraintOnly(branch)
        ? primitive("unknown")
        : buildSchemaType(branch, appendPointer(pointer, "allOf", index), context),
    ),
  );
  if (hasOwnStructure) parts.push(buildObjectType(ownShape(schema, pointer), context));
  return intersection(parts);
}
