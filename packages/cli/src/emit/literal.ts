import { canonicalJson } from "../model/canonical-json.js";

/**
 * A literal type from a JSON value; `JSON.stringify` makes any string safe to print. Object keys
 * are sorted, so an enum of objects prints the same whatever the document's key order.
 */
export function literalType(value: unknown): string {
  return canonicalJson(value) ?? "unknown";
}
