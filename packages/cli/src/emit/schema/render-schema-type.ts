import { dereference } from "../../model/dereference.js";
import { mergeObjectShape, ownShape } from "../../model/merge-object-shape.js";
import { referencedTypeName } from "../../model/names.js";
import type { SchemaInput } from "../../model/schema-input.js";
import { isNullable } from "../../model/schema-kind.js";
import { isObject } from "../../openapi/is-object.js";
import { appendPointer } from "../../openapi/pointer.js";
import type { SchemaObject, SchemaType } from "../../openapi/types.js";
import type { RenderContext } from "../render-context.js";
import { renderObjectType } from "./object.js";
import { arrayOf, intersectionOf, literalType, unionOf } from "./type-text.js";

/**
 * The TypeScript type of a schema. A reference prints the name of its target (imported when
 * needed); anything else is printed in place. `indent` is the indentation of the line the
 * type starts on, for multi-line object types.
 */
export function renderSchemaType(
  input: SchemaInput | boolean,
  pointer: string,
  context: RenderContext,
  indent = "",
): string {
  if (context.depth >= MAX_SCHEMA_DEPTH) {
    context.warnings.add(
      `schema nests deeper than ${MAX_SCHEMA_DEPTH} levels; typed unknown`,
      pointer,
    );
    return "unknown";
  }
  context.depth++;
  try {
    return renderSchemaInput(input, pointer, context, indent);
  } finally {
    context.depth--;
  }
}

/**
 * Printing recurses once per nesting level, and hostile documents nest deeper than the call
 * stack allows (1,000 levels overflowed it); no real API nests inline schemas this deep.
 */
export const MAX_SCHEMA_DEPTH = 100;

function renderSchemaInput(
  input: SchemaInput | boolean,
  pointer: string,
  context: RenderContext,
  indent: string,
): string {
  // OpenAPI 3.1 allows boolean schemas: `true` accepts anything, `false` nothing.
  if (input === true) return "unknown";
  if (input === false) return "never";
  if (!isObject(input)) {
    context.warnings.add("a schema must be an object; typed unknown", pointer);
    return "unknown";
  }
  if (typeof input.$ref !== "string")
    return renderSchema(input as SchemaObject, pointer, context, indent);

  // Every `$ref` target is declared once under a name, also one inside another schema
  // (`#/components/schemas/X/properties/y`): printed in place at each use, targets that refer to
  // each other doubled the output per level (a 155 KB document gave a 241 MB type file).
  const target = dereference(context.loaded, input, pointer);
  const named =
    context.registry.get(target.pointer) ??
    context.registry.nameInline(target.pointer, referencedTypeName(target.pointer), target.schema);
  const self = context.selfReference(named);
  if (self !== undefined) return self;
  if (context.expandsInPlace(named)) {
    return context.aliasBody(named, () =>
      renderSchemaType(named.schema, named.pointer, context, indent),
    );
  }
  return context.reference(named);
}

/** A schema object that is not a `$ref`; 3.0 `nullable` and a 3.1 `"null"` type both add `null`. */
export function renderSchema(
  schema: SchemaObject,
  pointer: string,
  context: RenderContext,
  indent: string,
): string {
  const type = renderNonNullable(schema, pointer, context, indent);
  return isNullable(schema) ? unionOf([type, "null"]) : type;
}

function renderNonNullable(
  schema: SchemaObject,
  pointer: string,
  context: RenderContext,
  indent: string,
): string {
  if (Object.hasOwn(schema, "const")) return literalType(schema.const);
  if (Array.isArray(schema.enum)) return unionOf(schema.enum.map(literalType));
  if (Array.isArray(schema.allOf)) return renderAllOf(schema, pointer, context, indent);
  const alternativesKey = Array.isArray(schema.oneOf)
    ? "oneOf"
    : Array.isArray(schema.anyOf)
      ? "anyOf"
      : undefined;
  if (alternativesKey !== undefined) {
    const union = context.union(() =>
      context.at("union", () =>
        schema[alternativesKey]!.map((branch, index) =>
          renderSchemaType(branch, appendPointer(pointer, alternativesKey, index), context, indent),
        ),
      ),
    );
    return isObject(schema.properties)
      ? intersectionOf([union, renderObjectType(ownShape(schema, pointer), context, indent)])
      : union;
  }
  const types = declaredTypes(schema);
  if (types.length === 0) {
    context.warnings.add("schema has no type and no structure; typed unknown", pointer);
    return "unknown";
  }
  if (types.length === 1) return renderTyped(types[0]!, schema, pointer, context, indent);
  return context.union(() =>
    types.map((type) => renderTyped(type, schema, pointer, context, indent)),
  );
}

/** The `type` keyword as a list, or the type the structure implies when it is absent. */
function declaredTypes(schema: SchemaObject): SchemaType[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === "string") return [schema.type];
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return ["object"];
  if (schema.items !== undefined) return ["array"];
  return [];
}

function renderTyped(
  type: SchemaType,
  schema: SchemaObject,
  pointer: string,
  context: RenderContext,
  indent: string,
): string {
  switch (type) {
    case "string":
      return schema.format === "binary" ? "Blob" : "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return schema.items === undefined
        ? "unknown[]"
        : arrayOf(
            context.at("deferred", () =>
              renderSchemaType(schema.items!, appendPointer(pointer, "items"), context, indent),
            ),
          );
    case "object":
      return renderObjectType(ownShape(schema, pointer), context, indent);
    default:
      context.warnings.add(`unknown type ${JSON.stringify(type)}; typed unknown`, pointer);
      return "unknown";
  }
}

/**
 * Object branches merge into one object type; with a non-object branch the result is an
 * intersection. A lone branch (`allOf: [$ref]`, often used to annotate a reference) stays a name.
 */
function renderAllOf(
  schema: SchemaObject,
  pointer: string,
  context: RenderContext,
  indent: string,
): string {
  const branches = schema.allOf!;
  const hasOwnStructure = isObject(schema.properties) || schema.additionalProperties !== undefined;
  if (branches.length === 1 && !hasOwnStructure) {
    return renderSchemaType(branches[0]!, appendPointer(pointer, "allOf", 0), context, indent);
  }
  const merged = mergeObjectShape(context.loaded, [{ schema, pointer }]);
  if (merged) return renderObjectType(merged, context, indent);
  const parts = context.at("intersection", () =>
    branches.map((branch, index) =>
      renderSchemaType(branch, appendPointer(pointer, "allOf", index), context, indent),
    ),
  );
  if (hasOwnStructure) parts.push(renderObjectType(ownShape(schema, pointer), context, indent));
  return intersectionOf(parts);
}
