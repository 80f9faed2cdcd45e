import {
  AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  isAxiosError,
} from "axios";
import { startDeadline } from "./deadline.js";
import {
  isKitError,
  KitAbortError,
  KitHttpError,
  KitNetworkError,
  KitRequestError,
  type KitRequestTarget,
  KitResponseError,
  KitTimeoutError,
} from "./errors.js";
import { fieldValue, httpToken } from "./http-token.js";
import { messages } from "./messages.js";
import { serializeQuery } from "./query.js";
import {
  followsRedirectsItself,
  type KitCrossOriginRedirect,
  type RedirectRules,
  redirectRules,
  refusedRedirect,
  toForeignOrigin,
} from "./redirects.js";
import { plainHeaders, readErrorBody } from "./response-body.js";
import type { RawResponse, Transport, TransportExtra } from "./transport.js";
import { appendQuery, leavesOrigin } from "./url.js";
import type { KitRequest, KitResponseType } from "./vocabulary.js";

/** What axios is asked for: JSON is read as text and parsed later, so invalid JSON is noticed. */
const axiosResponseTypes = {
  json: "text",
  text: "text",
  blob: "arraybuffer",
  arraybuffer: "arraybuffer",
  stream: "stream",
  auto: "arraybuffer",
} as const satisfies Record<KitResponseType, "text" | "arraybuffer" | "stream">;

/**
 * The transport of a server: every request goes through the server's own axios instance.
 * `policy` is the server's `crossOriginRedirect`, applied here where the adapter does not.
 */
export function axiosTransport(http: AxiosInstance, policy: KitCrossOriginRedirect): Transport {
  const rules = followsRedirectsItself(http.defaults.adapter) ? redirectRules(policy) : undefined;
  return (request, target, read, extra, owner) =>
    exchange(http, request, target, read, extra, rules, owner);
}

/**
 * Sends `request` as it is now through the server's axios instance and answers what `read` makes
 * of the response. Every failure of the exchange leaves as a `KitRequestError`; only errors thrown
 * by the team's own axios interceptors pass through unchanged.
 */
function exchange<T>(
  http: AxiosInstance,
  request: KitRequest,
  target: KitRequestTarget,
  read: (response: RawResponse) => T,
  extra: TransportExtra | undefined,
  rules: RedirectRules | undefined,
  owner: AbortController | undefined,
): Promise<T> {
  const { signal } = request;
  if (signal.aborted) return Promise.reject(new KitAbortError(target, signal.reason));
  if (typeof request.method !== "string" || !httpToken.test(request.method)) {
    const message = messages.KIT_METHOD_INVALID(target.api, String(request.method));
    return Promise.reject(new KitRequestError("argument", "KIT_METHOD_INVALID", message, target));
  }
  const badHeader = invalidHeader(request.headers, target);
  if (badHeader !== undefined) return Promise.reject(badHeader);
  const adapter = http.defaults.adapter;
  if (
    request.data !== undefined &&
    (request.method === "GET" || request.method === "HEAD") &&
    (adapter === "fetch" || adapter === "xhr")
  ) {
    // fetch refuses such a request with a bare TypeError (a "network error"); XHR drops the body.
    const message = messages.KIT_BODY_NOT_SENDABLE(target.method, target.url, adapter);
    return Promise.reject(
      new KitRequestError("argument", "KIT_BODY_NOT_SENDABLE", message, target),
    );
  }
  const config: AxiosRequestConfig = {
    method: request.method,
    url: appendQuery(request.url, serializeQuery(request.params)),
    // The URL already starts with the baseURL; an empty one stops axios from adding it again.
    baseURL: "",
    responseType: axiosResponseTypes[request.responseType],
    headers: request.headers,
    timeout: request.timeout,
    withCredentials: request.withCredentials,
  };
  if (request.data !== undefined) config.data = wireBody(request.data, request.headers);
  if (
    request.data !== undefined &&
    http.defaults.adapter === "fetch" &&
    request.data instanceof FormData &&
    request.headers["Content-Type"] === undefined
  ) {
    // Left unset, axios on Node hands its fetch adapter a form-urlencoded type, which fetch then
    // sends with the multipart body. A multipart type without boundary is one that adapter
    // replaces with fetch's own, boundary included. Other adapters set the type themselves.
    config.headers = { ...request.headers, "Content-Type": "multipart/form-data" };
  }
  // axios gives every POST, PUT and PATCH a urlencoded Content-Type, even without a body; `false`
  // is its way of saying "no such header".
  if (
    request.data === undefined &&
    bodyMethods.has(request.method) &&
    !hasContentType(request.headers)
  ) {
    config.headers = { ...request.headers, "Content-Type": false };
  }
  if (leavesOrigin(request.url, http.defaults.baseURL)) {
    toForeignOrigin(http, config, (config.headers ?? request.headers) as Record<string, unknown>);
  }
  if (extra !== undefined) Object.assign(config, extra);
  const deadline = startDeadline(signal, request.timeout, owner);
  config.signal = deadline.signal;
  const sent = rules === undefined ? http.request(config) : following(http, config, rules);
  return sent.then(
    (response: AxiosResponse) => {
      deadline.clear();
      return read({
        status: response.status,
        headers: plainHeaders(response.headers),
        data: response.data,
      });
    },
    (error: unknown) => {
      deadline.clear();
      throw toRequestError(error, request, signal, deadline.expired, target);
    },
  );
}

/**
 * The redirect follower, loaded on the first send that needs it: only Node with the fetch adapter
 * does, so a browser bundle keeps it in a chunk it never loads.
 */
function following(
  http: AxiosInstance,
  config: AxiosRequestConfig,
  rules: RedirectRules,
): Promise<AxiosResponse> {
  return import("./redirect-follower.js").then(({ requestFollowing }) =>
    requestFollowing(http, config, rules),
  );
}

/** The methods axios gives a urlencoded Content-Type when they have no body. */
const bodyMethods: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH"]);

/** A header a plugin or the call set that cannot go on the wire, as the error to answer. */
function invalidHeader(
  headers: Record<string, string>,
  target: KitRequestTarget,
): KitRequestError | undefined {
  for (const name in headers) {
    if (!httpToken.test(name)) {
      const message = messages.KIT_HEADER_NAME_INVALID(target.api, name);
      return new KitRequestError("argument", "KIT_HEADER_NAME_INVALID", message, target);
    }
    if (!fieldValue.test(String(headers[name]))) {
      const message = messages.KIT_HEADER_VALUE_INVALID(target.api, name);
      return new KitRequestError("argument", "KIT_HEADER_VALUE_INVALID", message, target);
    }
  }
  return undefined;
}

/** A Blob goes out with the declared Content-Type, which axios would replace with the Blob's own. */
function wireBody(data: unknown, headers: Record<string, string>): unknown {
  if (!(data instanceof Blob)) return data;
  const declared = headers["Content-Type"];
  return declared === undefined || declared === data.type
    ? data
    : data.slice(0, data.size, declared);
}

function hasContentType(headers: Readonly<Record<string, string>>): boolean {
  for (const name in headers) if (name.toLowerCase() === "content-type") return true;
  return false;
}

function toRequestError(
  error: unknown,
  request: KitRequest,
  signal: AbortSignal,
  expired: boolean,
  target: KitRequestTarget,
): unknown {
  if (isKitError(error)) return error;
  if (expired) return new KitTimeoutError(target, request.timeout, error);
  if (signal.aborted) return new KitAbortError(target, signal.reason, error);
  if ((error as { code?: unknown } | undefined)?.code === "ERR_INVALID_URL") {
    const message = messages.KIT_URL_INVALID(target.method, target.url);
    return new KitRequestError("argument", "KIT_URL_INVALID", message, target, { cause: error });
  }
  const refused = refusedRedirect(error);
  if (refused !== undefined) {
    const message = messages.KIT_REDIRECT_REFUSED(target.method, target.url, refused.location);
    return new KitRequestError("http", "KIT_REDIRECT_REFUSED", message, target, { cause: error });
  }
  if (!isAxiosError(error)) return error;
  if (error.code === AxiosError.ERR_BAD_RESPONSE && /maxContentLength/.test(error.message)) {
    const limit = Number(error.config?.maxContentLength);
    const message = messages.KIT_RESPONSE_TOO_LARGE(target.method, target.url, limit);
    const status = (error.request as { res?: { statusCode?: number } } | undefined)?.res
      ?.statusCode;
    const details = { code: "KIT_RESPONSE_TOO_LARGE" as const, message, status: status ?? 0 };
    return new KitResponseError(target, details, undefined, error);
  }
  const { response } = error;
  // A 2xx response that failed mid-body was cut off in transit; axios still attaches it.
  if (response && (response.status < 200 || response.status >= 300)) {
    const details = {
      status: response.status,
      body: readErrorBody(response.data),
      headers: plainHeaders(response.headers),
    };
    return new KitHttpError(target, details, error);
  }
  if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
    return new KitTimeoutError(target, request.timeout, error);
  }
  if (error.code === AxiosError.ERR_CANCELED) return new KitAbortError(target, undefined, error);
  return new KitNetworkError(target, error);
}
