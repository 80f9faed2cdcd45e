import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaObject } from "../openapi/types.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import { isRequiredOnly } from "./schema/constraint-only.js";
import type { SchemaAt } from "./schema-input.js";
import { isObjectSchema } from "./schema-kind.js";

interface ValueKinds {
  array: boolean;
  object: boolean;
}

/**
 * The kinds of value a parameter's schema admits, looking through `oneOf`/`anyOf`: a parameter's
 * style says how each kind is written, so `[id, id[]]` with `explode: false` joins its array, and
 * `anyOf: [object, null]` is an object (null is sent as nothing).
 */
export function parameterValueKinds(loaded: LoadedDocument, schema: SchemaAt): ValueKinds {
  const own = ownKinds(schema.schema);
  if (own !== undefined) return own;
  const branches = valueBranches(loaded, schema, 0);
  const array = branches.some((branch) => {
    const { type } = dereference(loaded, branch.schema, branch.pointer).schema;
    return type === "array" || (Array.isArray(type) && type.includes("array"));
  });
  const object =
    mergeObjectShape(loaded, [schema]) !== undefined ||
    (branches.length > 0 &&
      branches.every((branch) => mergeObjectShape(loaded, [branch]) !== undefined));
  return { array, object };
}

/**
 * The kinds of a schema that is its own one branch, read from its keywords as the merge would
 * find them: no `$ref`, `oneOf`, `anyOf` or `allOf` (most parameters, `{type: string}`), so no
 * object shape is built only to learn that it is not an object. Undefined for any other schema.
 */
function ownKinds(schema: unknown): ValueKinds | undefined {
  if (!isObject(schema) || typeof schema.$ref === "string") return undefined;
  if (schema.oneOf !== undefined || schema.anyOf !== undefined || schema.allOf !== undefined) {
    return undefined;
  }
  const { type } = schema as SchemaObject;
  return {
    array: type === "array" || (Array.isArray(type) && type.includes("array")),
    object: isRequiredOnly(schema) || isObjectSchema(schema as SchemaObject),
  };
}

/** The branches of `oneOf`/`anyOf`, nested ones flattened and `null` ones left out; else the schema. */
function valueBranches(loaded: LoadedDocument, schema: SchemaAt, depth: number): SchemaAt[] {
  const { schema: resolved, pointer } = dereference(loaded, schema.schema, schema.pointer);
  if (depth > 8) return [schema];
  for (const key of ["oneOf", "anyOf"] as const) {
    const list = resolved[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    return list.flatMap((branch, index) => {
      const at = { schema: branch, pointer: appendPointer(pointer, key, String(index)) };
      return isNullOnly(loaded, at) ? [] : valueBranches(loaded, at, depth + 1);
    });
  }
  return [schema];
}

function isNullOnly(loaded: LoadedDocument, branch: SchemaAt): boolean {
  const { type } = dereference(loaded, branch.schema, branch.pointer).schema;
  return type === "null" || (Array.isArray(type) && type.length === 1 && type[0] === "null");
}
