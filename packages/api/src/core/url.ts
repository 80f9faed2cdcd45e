/**
 * Joins two URL parts with exactly one `/` at the seam and changes nothing else, so a trailing
 * slash stays and `right` is kept whole. An empty part adds nothing.
 */
export function joinURL(left: string, right: string): string {
  if (left === "") return right;
  if (right === "") return left;
  const leftSlash = left.endsWith("/");
  const rightSlash = right.startsWith("/");
  if (leftSlash && rightSlash) return left.slice(0, -1) + right;
  if (!leftSlash && !rightSlash) return `${left}/${right}`;
  return left + right;
}

/**
 * Adds `query` to the URL's query string, in front of a `#fragment` (AWS-style routes such as
 * `/#X-Amz-Target=…` carry one): after it, the query would be part of the fragment, which never
 * goes over the wire.
 */
export function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  const hash = url.indexOf("#");
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  return `${base}${base.includes("?") ? "&" : "?"}${query}${fragment}`;
}
