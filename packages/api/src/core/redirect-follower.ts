import type {
  AxiosInstance,
  AxiosRequestConfig,
  AxiosResponse,
  RawAxiosRequestHeaders,
} from "axios";
import { AxiosError, isAxiosError } from "axios";
import { defaultHeaderNames, type RedirectRules } from "./redirects.js";

/** As many hops as the Fetch standard follows before giving up. */
const MAX_HOPS = 20;

/**
 * `http.request(config)`, following redirects by `rules`: within the origin with every header,
 * to another origin refused or with neutral headers only. 303, and 301/302 after a POST, continue
 * as a GET without body, as fetch does. The rules come from the caller, so this module, loaded
 * on first use, shares no code with the core bundle.
 */
export async function requestFollowing(
  http: AxiosInstance,
  config: AxiosRequestConfig,
  rules: RedirectRules,
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
        rules,
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
  rules: RedirectRules,
): AxiosRequestConfig {
  const from = new URL(String(config.url));
  const to = new URL(location, from);
  let headers: RawAxiosRequestHeaders = { ...(config.headers as RawAxiosRequestHeaders) };
  if (to.origin !== from.origin) {
    if (rules.policy === "refuse") throw rules.refused(to.href);
    // The axios instance adds its default headers (the server's static ones) to every hop;
    // `false` is axios's way of leaving one out.
    const defaults: RawAxiosRequestHeaders = {};
    for (const name of defaultHeaderNames(http, String(config.method))) {
      if (!rules.neutralHeader.test(name)) defaults[name] = false;
    }
    headers = { ...defaults, ...pick(headers, (name) => rules.neutralHeader.test(name)) };
  }
  const method = String(config.method).toUpperCase();
  if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
    const { data: _body, ...rest } = config;
    headers = pick(headers, (name) => !/^content-/i.test(name));
    return { ...rest, method: method === "HEAD" ? "HEAD" : "GET", url: to.href, headers };
  }
  return { ...config, url: to.href, headers };
}

function pick(
  headers: RawAxiosRequestHeaders,
  keep: (name: string) => boolean,
): RawAxiosRequestHeaders {
  const kept: RawAxiosRequestHeaders = {};
  for (const name of Object.keys(headers)) if (keep(name)) kept[name] = headers[name];
  return kept;
}
