import { KitGenerateError } from "../errors.js";
import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { resolveLocalReference } from "../openapi/refs.js";

/** Follows a `$ref` if `value` is one, then checks that an object stands there. */
export function resolveObject<T>(
  loaded: LoadedDocument,
  value: unknown,
  pointer: string,
  what: string,
): { value: T; pointer: string } {
  const target =
    isObject(value) && typeof value.$ref === "string"
      ? resolveLocalReference<unknown>(loaded.document, value.$ref, pointer, loaded.locate)
      : { value, pointer };
  if (!isObject(target.value)) {
    throw new KitGenerateError(`${what} must be an object`, loaded.locate(target.pointer));
  }
  return target as { value: T; pointer: string };
}
