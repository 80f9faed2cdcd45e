import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { dereferenceSchema } from "../openapi/refs.js";
import type { OpenAPIDocument, SchemaObject } from "../openapi/types.js";
import type { SchemaInput } from "./schema-input.js";

type Dereferenced = ReturnType<typeof dereferenceSchema>;

const resolved = new WeakMap<OpenAPIDocument, Map<string, Dereferenced>>();

/**
 * `dereferenceSchema`, remembered per document and `$ref` text: a local reference resolves to the
 * same place wherever it is written, and large documents repeat the same references thousands of
 * times. The first place that uses a broken reference is the one its error names.
 */
export function dereference(
  loaded: LoadedDocument,
  input: SchemaInput,
  pointer: string,
): Dereferenced {
  // A hostile document may put anything where a schema belongs; it reads as a schema saying nothing.
  if (!isObject(input)) return { schema: {}, pointer };
  if (typeof input.$ref !== "string") return { schema: input as SchemaObject, pointer };
  let byRef = resolved.get(loaded.document);
  if (byRef === undefined) {
    byRef = new Map();
    resolved.set(loaded.document, byRef);
  }
  let target = byRef.get(input.$ref);
  if (target === undefined) {
    target = dereferenceSchema(loaded.document, input, pointer, loaded.locate);
    byRef.set(input.$ref, target);
  }
  return target;
}
