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

export function appendQuery(url: string, query: string): string {
  if (query === "") return url;
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}
