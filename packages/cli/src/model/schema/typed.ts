import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject, SchemaType } from "../../openapi/types.js";
import { ownShape } from "../merge-object-shape.js";
import { primitive, type TypeExpr, union } from "../type-expr.js";
import { buildArray } from "./array.js";
import { buildObjectType } from "./object.js";
import type { SchemaContext } from "./schema-context.js";

/** The `type` keyword as a list, or the type the structure implies when it is absent. */
export function declaredTypes(schema: SchemaObject): SchemaType[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === "string") return [schema.type];
  if (
    isObject(schema.properties) ||
    schema.additionalProperties !== undefined ||
    isObject(schema.patternProperties) ||
    isObject(schema.propertyNames)
  ) {
    return ["object"];
  }
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return ["array"];
  return [];
}

/** The union of what each listed type gives. */
export function buildTypes(
  types: readonly SchemaType[],
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  if (types.length === 1) return buildTyped(types[0]!, schema, pointer, context);
  return union(types.map((type) => buildTyped(type, schema, pointer, context)));
}

function buildTyped(
  type: SchemaType,
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  switch (type) {
    case "string":
      return primitive(schema.format === "binary" ? "Blob" : "string");
    case "number":
    case "integer":
      return primitive("number");
    case "boolean":
      return primitive("boolean");
    case "null":
      return primitive("null");
    case "array":
      return buildArray(schema, pointer, context);
    case "object":
      return buildObjectType(ownShape(schema, pointer), context);
    default:
      context.warnings.add(`unknown type ${JSON.stringify(type)}; typed unknown`, pointer);
      return primitive("unknown");
  }
}
