import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaObject } from "../openapi/types.js";
import { mergeObjectShape, type ObjectShape } from "./merge-object-shape.js";
import type { SchemaInput } from "./schema-input.js";
import { isNullable, isObjectSchema } from "./schema-kind.js";

/**
 * The members of a named schema declared as an interface (an object with properties); undefined
 * for one declared as a type alias.
 */
export function interfaceShape(
  loaded: LoadedDocument,
  schema: SchemaObject,
  pointer: string,
): ObjectShape | undefined {
  if (typeof schema.$ref === "string" || !isObjectSchema(schema) || isNullable(schema)) {
    return undefined;
  }
  const shape = mergeObjectShape(loaded, [{ schema, pointer }]);
  return shape !== undefined && shape.properties.size > 0 ? shape : undefined;
}

const COMPOSITION = ["allOf", "anyOf", "oneOf"] as const;

/**
 * Whether the schema at `pointer` names one of `aliases` directly in its unions and intersections,
 * also through other type aliases it so names: `type A = X | B; type B = A | Y` do not compile.
 * Object members and array items are not followed, since TypeScript defers those references.
 */
export function reachesThroughComposition(
  loaded: LoadedDocument,
  input: SchemaInput,
  pointer: string,
  aliases: ReadonlySet<string>,
  visited = new Set<string>(),
): boolean {
  const { schema, pointer: at } = dereference(loaded, input, pointer);
  if (typeof input.$ref === "string") {
    if (aliases.has(at)) return true;
    if (visited.has(at) || interfaceShape(loaded, schema, at)) return false;
    visited.add(at);
  }
  if (!isObject(schema)) return false;
  return COMPOSITION.some(
    (keyword) =>
      Array.isArray(schema[keyword]) &&
      schema[keyword].some((branch, index) =>
        reachesThroughComposition(
          loaded,
          branch,
          appendPointer(at, keyword, index),
          aliases,
          visited,
        ),
      ),
  );
}
