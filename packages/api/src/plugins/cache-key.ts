import type { KitRequest } from "../core/plugin.js";

/**
 * The cache key of a request: namespace, final method, URL, sorted query and a hash of the
 * headers that tell users apart, so two users never read each other's entries. Only a hash of
 * those headers is kept, so tokens never appear in storage keys.
 */
export function cacheKey(
  namespace: string,
  request: KitRequest,
  varyHeaders: readonly string[],
): string {
  return `${namespace} ${request.method} ${request.url}?${sortedQuery(request.params)} ${hashHeaders(request.headers, varyHeaders)}`;
}

function sortedQuery(params: Record<string, unknown>): string {
  const keys = Object.keys(params);
  if (keys.length === 0) return "";
  const pairs: string[] = [];
  for (const key of keys.sort()) {
    const value = params[key];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      const text = item instanceof Date ? item.toISOString() : String(item);
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return pairs.join("&");
}

function hashHeaders(headers: Record<string, string>, names: readonly string[]): string {
  let text = "";
  for (const name of names) {
    const value = headerValue(headers, name);
    if (value !== undefined) text += `${name}:${value}\n`;
  }
  return text === "" ? "-" : hash53(text).toString(36);
}

/** Header names are case-insensitive; the exact spelling is tried first because it is the usual case. */
export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const exact = headers[name];
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  for (const key in headers) {
    if (key.toLowerCase() === lower) return headers[key];
  }
  return undefined;
}

/**
 * cyrb53: a fast 53-bit string hash. Not cryptographic; it only has to keep different users'
 * tokens apart, and a synchronous hash keeps a cache hit within its microsecond budget.
 */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
