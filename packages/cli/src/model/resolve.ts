import { KitGenerateError } from "../errors.js";
import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { resolveLocalReference } from "../openapi/refs.js";
import type { OpenAPIDocument } from "../openapi/types.js";

type Resolved = { value: unknown; pointer: string };

const resolved = new WeakMap<OpenAPIDocument, Map<string, Resolved>>();

/**
 * Follows a `$ref` if `value` is one, then checks that an object stands there. Targets are
 * remembered per document and `$ref` text, as `dereference` does for schemas: documents refer to
 * the same parameters and responses from hundreds of operations.
 */
export function resolveObject<T>(
  loaded: LoadedDocument,
  value: unknown,
  pointer: string,
  what: string,
): { value: T; pointer: string } {
  const target =
    isObject(value) && typeof value.$ref === "string"
      ? resolveReference(loaded, value.$ref, pointer)
      : { value, pointer };
  if (!isObject(target.value)) {
    throw new KitGenerateError(`${what} must be an object`, loaded.locate(target.pointer));
  }
  return target as { value: T; pointer: string };
}

function resolveReference(loaded: LoadedDocument, ref: string, pointer: string): Resolved {
  let byRef = resolved.get(loaded.document);
  if (byRef === undefined) {
    byRef = new Map();
    resolved.set(loaded.document, byRef);
  }
  let target = byRef.get(ref);
  if (target === undefined) {
    target = resolveLocalReference<unknown>(loaded.document, ref, pointer, loaded.locate);
    byRef.set(ref, target);
  }
  return target;
}
