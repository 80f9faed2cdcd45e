import type { AxiosInstance, AxiosRequestConfig, RawAxiosRequestHeaders } from "axios";

/** The server option: what a redirect to another origin does. */
export type KitCrossOriginRedirect = "refuse" | "strip";

/** Headers a redirect to another origin keeps under `crossOriginRedirect: "strip"`. */
export const neutralHeader = /^(accept|accept-encoding|user-agent|content-.*)$/i;

/** What a follower of redirects needs to know of the server's rule (see redirect-follower.ts). */
export interface RedirectRules {
  readonly policy: KitCrossOriginRedirect;
  /** Headers a hop to another origin keeps under `"strip"`. */
  readonly neutralHeader: RegExp;
  /** The error that refuses a hop to `href`, found again by `refusedRedirect`. */
  refused(href: string): Error;
}

export function redirectRules(policy: KitCrossOriginRedirect): RedirectRules {
  return { policy, neutralHeader, refused: (href) => new RedirectRefused(href) };
}

/** Marks a redirect refused by policy, found again in the error's causes. */
export class RedirectRefused extends Error {
  constructor(readonly location: string) {
    super(`redirect to ${location} refused`);
  }
}

export function refusedRedirect(error: unknown): RedirectRefused | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RedirectRefused) return cause;
  }
  return undefined;
}

/**
 * Node's http adapter (follow-redirects) calls this before following a redirect. Another origin
 * either fails the request or gets no header but neutral ones, so no credential leaves the origin.
 */
export function crossOriginRedirect(
  policy: KitCrossOriginRedirect,
): (options: Record<string, unknown>, response: unknown, request: { url: string }) => void {
  return (options, _response, request) => {
    const href = String(options.href);
    if (new URL(href).origin === new URL(request.url).origin) return;
    if (policy === "refuse") throw new RedirectRefused(href);
    const headers = options.headers as Record<string, unknown>;
    for (const name of Object.keys(headers)) {
      if (!neutralHeader.test(name)) delete headers[name];
    }
  };
}

/**
 * Whether Kit follows redirects itself: axios's fetch adapter on Node. There fetch (undici) would
 * follow a redirect to any origin with every custom header, and no hook sees it happen, so the
 * server's axios instance asks fetch not to follow (`maxRedirects: 0`, fetch's
 * `redirect: "manual"`) and `requestFollowing` (redirect-follower.ts, loaded on first use, so
 * browser bundles load it never) follows. In browsers `"manual"` hides the target
 * (an opaque redirect), so there the browser's own rules stay (see docs/runtime.md).
 */
export function followsRedirectsItself(adapter: AxiosRequestConfig["adapter"]): boolean {
  const process = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return adapter === "fetch" && typeof process?.versions?.node === "string";
}

/** The names of the headers axios adds to a request of `method` from the instance's defaults. */
export function defaultHeaderNames(http: AxiosInstance, method: string): string[] {
  const defaults = http.defaults.headers as unknown as Record<string, unknown>;
  const names: string[] = [];
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof value !== "object" || value === null) names.push(name);
  }
  for (const group of ["common", method.toLowerCase()]) {
    const values = defaults[group];
    if (typeof values === "object" && values !== null) names.push(...Object.keys(values));
  }
  return names;
}

/**
 * A request to another origin than the server's (a route written as an absolute URL: an
 * operation the document gives its own server, or one a plugin redirected) gets none of the
 * static headers axios's defaults hold but neutral ones (`Accept`, `Content-*`, `User-Agent`):
 * `false` is axios's way of leaving one out. `buildRequest` already left the server's headers out
 * of such a request and turned `withCredentials` off; what the method, the call or a plugin set
 * (the auth plugin only where its `origins` allow) goes. A header the request holds with another
 * value than the default's is its own and stays.
 */
export function toForeignOrigin(
  http: AxiosInstance,
  config: AxiosRequestConfig,
  headers: Readonly<Record<string, unknown>>,
): void {
  const defaults = http.defaults.headers as unknown as Record<string, unknown>;
  const sent: RawAxiosRequestHeaders = { ...(headers as RawAxiosRequestHeaders) };
  for (const name of defaultHeaderNames(http, String(config.method))) {
    if (neutralHeader.test(name)) continue;
    if (sent[name] === undefined || sent[name] === defaults[name]) sent[name] = false;
  }
  config.headers = sent;
}
