import type { KitRequest } from "../core/vocabulary.js";

/**
 * Builds cache keys: namespace, final method, URL, sorted query and a hash of the headers that
 * tell users apart, so two users never read each other's entries. Only a hash of those headers is
 * kept, so tokens never appear in storage keys. The last hash is remembered because the token
 * seldom changes and hashing it on every hit would cost more than the rest of the hit.
 */
export function cacheKeys(
  varyHeaders: readonly string[],
): (namespace: string, request: KitRequest) => string {
  let lastHeaders = "";
  let lastHash = "-";
  return (namespace, request) => {
    const headers = varyText(request.headers, varyHeaders);
    if (headers !== lastHeaders) {
      lastHeaders = headers;
      lastHash = headers === "" ? "-" : hash53(headers);
    }
    return `${namespace} ${request.method} ${request.url}?${sortedQuery(request.params)} ${lastHash}`;
  };
}

/** The query as sent, keys sorted; `undefined` and `null` are left out as the request leaves them out. */
function sortedQuery(params: Record<string, unknown>): string {
  const keys = Object.keys(params);
  if (keys.length === 0) return "";
  const pairs: unknown[] = [];
  for (const key of keys.sort()) {
    const value = params[key];
    if (value !== undefined && value !== null) pairs.push(key, value);
  }
  return JSON.stringify(pairs);
}

function varyText(headers: Record<string, string>, names: readonly string[]): string {
  let text = "";
  for (const name of names) {
    const value = headerValue(headers, name);
    if (value !== undefined) text += `${name}:${value}\n`;
  }
  return text;
}

/** Header names are case-insensitive; the exact spelling is tried first because it is the usual case. */
function headerValue(headers: Record<string, string>, name: string): string | undefined {
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
 * tokens apart, and it must be synchronous to keep a cache hit within its microsecond budget.
 */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
