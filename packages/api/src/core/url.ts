/**
 * Joins two URL parts with exactly one `/` at the seam and changes nothing else, so a trailing
 * slash stays and `right` is kept whole. An empty part adds nothing. An absolute `right`
 * (`https://files.example.com/v2/b`, a route of an operation with its own server) is the URL.
 */
export function joinURL(left: string, right: string): string {
  if (left === "" || isAbsoluteURL(right)) return right;
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

/** A URL with a scheme and an authority: `https://host/…`. */
export function isAbsoluteURL(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
}

/** `https://host:port` of an absolute URL as written, undefined for any other. */
export function writtenOrigin(url: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0];
}

/**
 * Whether `url` is sent to an origin other than the baseURL's: an absolute URL whose origin is not
 * the baseURL's, or any absolute URL beside a relative baseURL (whose origin, the page's, is not
 * known here).
 */
export function leavesOrigin(url: string, baseURL: string | undefined): boolean {
  if (!isAbsoluteURL(url)) return false;
  const base = baseURL === undefined ? undefined : writtenOrigin(baseURL);
  if (base === undefined) return true;
  // The baseURL's origin as written, then "/", "?", "#" or the end: the same origin.
  if (url.startsWith(base) && /^([/?#]|$)/.test(url.slice(base.length))) return false;
  try {
    return new URL(url).origin !== new URL(base).origin;
  } catch {
    return true;
  }
}

/** The origin of an absolute URL (`https://host:port`), undefined for anything else. */
export function originOfURL(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}
