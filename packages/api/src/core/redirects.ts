import type {
  AxiosInstance,
  AxiosRequestConfig,
  AxiosResponse,
  RawAxiosRequestHeaders,
} from "axios";
import { AxiosError, isAxiosError } from "axios";

/** The server option: what a redirect to another origin does. */
export type KitCrossOriginRedirect = "refuse" | "strip";

/** Headers a redirect to another origin keeps under `crossOriginRedirect: "strip"`. */
const neutralHeader = /^(accept|accept-encoding|user-agent|content-.*)$/i;

/** As many hops as the Fetch standard follows before giving up. */
const MAX_HOPS = 20;

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
 * `redirect: "manual"`) and `requestFollowing` follows. In browsers `"manual"` hides the target
 * (an opaque redirect), so there the browser's own rules stay (see docs/runtime.md).
 */
export function followsRedirectsItself(adapter: AxiosRequestConfig["adapter"]): boolean {
  const process = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return adapter === "fetch" && typeof process?.versions?.node === "string";
}

/**
 * `http.request(config)`, following redirects by `policy`: within the origin with every header,
 * to another origin refused or with neutral headers only. 303, and 301/302 after a POST, continue
 * as a GET without body, as fetch does.
 */
export async function requestFollowing(
  http: AxiosInstance,
  config: AxiosRequestConfig,
  policy: KitCrossOriginRedirect,
): Promise<AxiosResponse> {
  let current = config;
  for (let hop = 0; ; hop++) {
    try {
      return await http.request(current);
    } catch (error) {
      const location = redirectLocation(error);
      if (location === undefined) throw error;
      if (hop === MAX_HOPS) {
        // What follow-redirects reports for the http adapter, so both adapters fail alike.
        throw new AxiosError("Maximum number of redirects exceeded", "ERR_FR_TOO_MANY_REDIRECTS");
      }
      current = nextHop(
        http,
        current,
        (error as { response: AxiosResponse }).response.status,
        location,
        policy,
      );
    }
  }
}

/** The `Location` of a 3xx answer axios rejected, or `undefined` for any other failure. */
function redirectLocation(error: unknown): string | undefined {
  if (!isAxiosError(error) || error.response === undefined) return undefined;
  const { status, headers } = error.response;
  const location = headers?.location;
  return status >= 300 && status < 400 && typeof location === "string" ? location : undefined;
}

function nextHop(
  http: AxiosInstance,
  config: AxiosRequestConfig,
  status: number,
  location: string,
  policy: KitCrossOriginRedirect,
): AxiosRequestConfig {
  const from = new URL(String(config.url));
  const to = new URL(location, from);
  let headers: RawAxiosRequestHeaders = { ...(config.headers as RawAxiosRequestHeaders) };
  if (to.origin !== from.origin) {
    if (policy === "refuse") throw new RedirectRefused(to.href);
    // The axios instance adds its default headers (the server's static ones) to every hop;
    // `false` is axios's way of leaving one out.
    const defaults: RawAxiosRequestHeaders = {};
    for (const name of defaultHeaderNames(http, String(config.method))) defaults[name] = false;
    headers = { ...defaults, ...pick(headers, (name) => neutralHeader.test(name)) };
  }
  const method = String(config.method).toUpperCase();
  if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
    const { data: _body, ...rest } = config;
    headers = pick(headers, (name) => !/^content-/i.test(name));
    return { ...rest, method: method === "HEAD" ? "HEAD" : "GET", url: to.href, headers };
  }
  return { ...config, url: to.href, headers };
}

/** The names of the headers axios adds to a request of `method` from the instance's defaults. */
function defaultHeaderNames(http: AxiosInstance, method: string): string[] {
  const defaults = http.defaults.headers as unknown as Record<string, unknown>;
  const names: string[] = [];
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof value !== "object" || value === null) names.push(name);
  }
  for (const group of ["common", method.toLowerCase()]) {
    const values = defaults[group];
    if (typeof values === "object" && values !== null) names.push(...Object.keys(values));
  }
  return names.filter((name) => !neutralHeader.test(name));
}

function pick(
  headers: RawAxiosRequestHeaders,
  keep: (name: string) => boolean,
): RawAxiosRequestHeaders {
  const kept: RawAxiosRequestHeaders = {};
  for (const name of Object.keys(headers)) if (keep(name)) kept[name] = headers[name];
  return kept;
}
