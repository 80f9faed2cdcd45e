/**
 * A deep copy of a parsed document with the keys of every object in reverse order.
 * Arrays keep their order: only key order is meaningless in JSON, so only it may not change output.
 */
export function reorderKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorderKeys);
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    copy[key] = reorderKeys((value as Record<string, unknown>)[key]);
  }
  return copy;
}
