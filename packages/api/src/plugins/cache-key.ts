import { serializeQuery } from "../core/query.js";
import type { KitRequest } from "../core/vocabulary.js";

/**
 * The cache key of a request: the server's namespace, the final method, URL and query as sent (keys
 * sorted), and a hash of every request header and of the `scope` answer. Every header the cache
 * can see is in the key, whatever its name: the auth plugin's, the server's static headers, the
 * method's own `@HeaderValue`s. Only a hash of them is kept, so tokens never appear in storage
 * keys.
 */
export function cacheKey(name: string, request: KitRequest, scope: string): string {
  let text = scope;
  const { headers } = request;
  for (const header in headers) text += `\n${header}:${headers[header]}`;
  const query = sortedQuery(request.params);
  return `${keyNamespace(name)} ${request.method} ${request.url}?${query} ${hash53(text)}`;
}

/**
 * The server's name as the first word of its keys: encoded, so it has no space and one server's
 * keys never start with another's name.
 */
export function keyNamespace(name: string): string {
  return encodeURIComponent(name);
}

/** The query as it goes on the wire, keys sorted so that their order makes no second entry. */
function sortedQuery(params: Record<string, unknown>): string {
  const keys = Object.keys(params);
  if (keys.length === 0) return "";
  const sorted: Record<string, unknown> = Object.create(null);
  for (const key of keys.sort()) sorted[key] = params[key];
  return serializeQuery(sorted);
}

/**
 * cyrb53: a fast 53-bit string hash. Not cryptographic; it only has to keep different users'
 * tokens apart, and it is synchronous, so a memory hit answers without waiting on a digest.
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
