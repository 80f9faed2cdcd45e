import { compareText } from "../model/compare.js";

/**
 * A literal type from a JSON value; `JSON.stringify` makes any string safe to print. Object keys
 * are sorted, so an enum of objects prints the same whatever the document's key order.
 */
export function literalType(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? "unknown";
}

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort(compareText)
      .map((key) => [key, record[key]]),
  );
}
