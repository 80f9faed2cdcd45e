/**
 * A copy of a value as JSON left it: plain objects and arrays are copied all the way down,
 * anything else (strings, numbers, a `Date` a plugin put there) is kept as it is, where
 * `structuredClone` would turn a class instance into a plain object or throw on a function.
 * Cached results hold only what JSON parsing produced.
 */
export function plainCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(plainCopy) as T;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key in value) copy[key] = plainCopy((value as Record<string, unknown>)[key]);
  return copy as T;
}

/**
 * A copy of a result that shares nothing a caller could change: its data, headers and envelope
 * are copied, its other fields are strings, numbers and booleans.
 */
export function resultCopy<R extends { data: unknown; headers: object; envelope: unknown }>(
  result: R,
): R {
  return {
    ...result,
    data: plainCopy(result.data),
    headers: headersCopy(result.headers),
    envelope: result.envelope === undefined ? undefined : plainCopy(result.envelope),
  };
}

/** Response headers are strings, or arrays of strings (`set-cookie`): mostly one level to copy. */
function headersCopy<H extends object>(headers: H): H {
  const copy: Record<string, unknown> = {};
  for (const name in headers) {
    const value: unknown = headers[name];
    copy[name] = typeof value === "string" ? value : plainCopy(value);
  }
  return copy as H;
}
