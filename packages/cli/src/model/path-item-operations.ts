import { isObject } from "../openapi/is-object.js";
import { appendPointer } from "../openapi/pointer.js";
import type { PathItemObject } from "../openapi/types.js";
import type { Verb } from "./operation.js";
import type { Warnings } from "./warnings.js";

/** The fixed operation fields Kit generates, in the order it lists them; `query` is OpenAPI 3.2's. */
export const VERBS = ["get", "put", "post", "delete", "options", "head", "patch", "query"] as const;
/** Every fixed field: `additionalOperations` must not name one of these methods. */
const FIXED = new Set<string>([...VERBS, "trace"]);
/** An HTTP token (RFC 9110, section 5.6.2). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** One operation of a path item, not yet resolved: its lower-case verb and where it is written. */
export interface PathItemOperation {
  verb: Verb;
  raw: unknown;
  pointer: string;
}

/**
 * The operations of a path item: the fixed fields, then OpenAPI 3.2's `additionalOperations` (any
 * other method token, sorted). `warnings` is given once per document, by the builder.
 */
export function* pathItemOperations(
  item: { value: PathItemObject; pointer: string },
  warnings?: Warnings,
): Generator<PathItemOperation> {
  if (isObject(item.value.trace)) {
    warnings?.add(
      "trace operations are not supported and were skipped",
      appendPointer(item.pointer, "trace"),
    );
  }
  for (const verb of VERBS) {
    const raw = item.value[verb];
    if (raw !== undefined) yield { verb, raw, pointer: appendPointer(item.pointer, verb) };
  }
  const additional = item.value.additionalOperations;
  if (!isObject(additional)) return;
  const at = appendPointer(item.pointer, "additionalOperations");
  for (const method of Object.keys(additional).sort()) {
    const pointer = appendPointer(at, method);
    const verb = method.toLowerCase();
    if (!TOKEN.test(method)) {
      warnings?.add(`${JSON.stringify(method)} is not an HTTP method token; skipped`, pointer);
    } else if (FIXED.has(verb)) {
      warnings?.add(
        `${method} belongs in the path item's "${verb}" field, not in additionalOperations; skipped`,
        pointer,
      );
    } else {
      if (method !== method.toUpperCase()) {
        warnings?.add(
          `the method is sent as ${method.toUpperCase()}: axios sends every method in upper case`,
          pointer,
        );
      }
      yield { verb, raw: additional[method], pointer };
    }
  }
}
