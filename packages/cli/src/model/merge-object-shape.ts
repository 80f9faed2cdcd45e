import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import type { SchemaObject } from "../openapi/types.js";
import { dereference } from "./dereference.js";
import type { SchemaAt, SchemaInput } from "./operation.js";
import { isObjectSchema } from "./schema-kind.js";

/** The members of an object type: what an interface is printed from. */
export interface ObjectShape {
  /** In document order; printers sort. */
  properties: Map<string, SchemaAt>;
  required: Set<string>;
  /** `true` for `additionalProperties: true`; a schema for typed extra keys. */
  additionalProperties?: true | SchemaAt;
}

function emptyShape(): ObjectShape {
  return { properties: new Map(), required: new Set() };
}

/** Adds one schema's own members, not its `allOf`; a later property replaces an earlier one. */
function addOwnMembers(shape: ObjectShape, schema: SchemaObject, pointer: string): void {
  if (isObject(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      shape.properties.delete(key);
      shape.properties.set(key, {
        schema: property,
        pointer: appendPointer(pointer, "properties", key),
      });
    }
  }
  if (Array.isArray(schema.required)) {
    for (const key of schema.required) if (typeof key === "string") shape.required.add(key);
  }
  if (schema.additionalProperties === true) shape.additionalProperties = true;
  else if (isObject(schema.additionalProperties)) {
    shape.additionalProperties = {
      schema: schema.additionalProperties,
      pointer: appendPointer(pointer, "additionalProperties"),
    };
  }
}

/** The shape of one object schema on its own, without `allOf`. */
export function ownShape(schema: SchemaObject, pointer: string): ObjectShape {
  const shape = emptyShape();
  addOwnMembers(shape, schema, pointer);
  return shape;
}

/**
 * Merges object schemas (following `$ref`s and nested `allOf`) into one shape: properties of later
 * schemas replace earlier ones with the same key, `required` is the union. Returns undefined when
 * a branch is not an object, so the caller prints an intersection instead.
 */
export function mergeObjectShape(
  loaded: LoadedDocument,
  schemas: readonly SchemaAt[],
): ObjectShape | undefined {
  const shape = emptyShape();
  const visiting = new Set<string>();

  const add = (input: SchemaInput, at: string): boolean => {
    const { schema, pointer } = dereference(loaded, input, at);
    if (!isObjectSchema(schema)) return false;
    // A schema that includes itself through allOf adds nothing new the second time.
    if (visiting.has(pointer)) return true;
    visiting.add(pointer);
    if (Array.isArray(schema.allOf)) {
      const merged = schema.allOf.every((branch, index) =>
        add(branch, appendPointer(pointer, "allOf", index)),
      );
      if (!merged) return false;
    }
    addOwnMembers(shape, schema, pointer);
    return true;
  };

  for (const { schema, pointer } of schemas) if (!add(schema, pointer)) return undefined;
  return shape;
}
