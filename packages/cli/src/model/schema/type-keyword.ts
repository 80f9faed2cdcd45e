import { isObject } from "../../openapi/is-object.js";
import type { LoadedDocument } from "../../openapi/load.js";
import { dereference } from "../../openapi/refs.js";
import type { SchemaObject, SchemaType } from "../../openapi/types.js";
import { ownShape } from "../merge-object-shape.js";
import type { SchemaInput } from "../schema-input.js";
import { hasConditionalProperties } from "../schema-kind.js";
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
    isObject(schema.propertyNames) ||
    hasConditionalProperties(schema)
  ) {
    return ["object"];
  }
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return ["array"];
  return [];
}

/**
 * Whether a schema can never be an object: its `type` lists no object (a string, an array), or
 * none of its `const`/`enum` values is one. A schema whose type is open (a union, no keywords)
 * may be one.
 */
export function excludesObjects(loaded: LoadedDocument, input: unknown, pointer: string): boolean {
  const { schema } = dereference(loaded, input as SchemaInput, pointer);
  if (Object.hasOwn(schema, "const")) return !isObject(schema.const);
  if (Array.isArray(schema.enum)) return !schema.enum.some(isObject);
  const types = declaredTypes(schema);
  return types.length > 0 && !types.includes("object");
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
      return schema.format === "binary" ? binaryString(pointer, context) : primitive("string");
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

/**
 * `format: binary`: a `Blob` where it is sent as bytes, a multipart field's part (a whole body or
 * response of bytes is typed by its media type, not here). Anywhere else, inside JSON, a
 * parameter or a urlencoded field, the value is text on the wire (JSON.stringify makes a Blob
 * `{}`): `string`, with a warning, since the document's bytes can only be its encoding of them.
 */
function binaryString(pointer: string, context: SchemaContext): TypeExpr {
  if (context.isFilePart) return primitive("Blob");
  context.warnings.add(
    "format: binary where the value is text (JSON, a parameter or a form field carry no bytes); typed string, holding whatever encoding the API uses",
    pointer,
  );
  return primitive("string");
}
