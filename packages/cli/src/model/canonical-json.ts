import { compareText } from "./compare.js";

/**
 * A document value as JSON with every object's keys sorted, so what the output prints of a value
 * is the same whatever the document's key order.
 */
export function canonicalJson(value: unknown, space?: number): string | undefined {
  // Most values printed are enum literals: a replacer would be called for them in vain.
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  return JSON.stringify(value, sortKeys, space);
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
