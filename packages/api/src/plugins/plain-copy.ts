/**
 * A copy of a result as JSON left it: plain objects and arrays are copied all the way down,
 * anything else (strings, numbers, a `Date` a plugin put there) is kept. Cheaper than
 * `structuredClone` for the small objects results usually are, which keeps a cache hit within its
 * budget, and enough: cached results hold only what JSON parsing produced.
 */
export function plainCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(plainCopy) as T;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) {
    copy[key] = plainCopy((value as Record<string, unknown>)[key]);
  }
  return copy as T;
}
