import {
  AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  isAxiosError,
} from "axios";
import { Deadline } from "./deadline.js";
import {
  isKitError,
  KitAbortError,
  KitHttpError,
  KitNetworkError,
  type KitRequestTarget,
  KitTimeoutError,
} from "./errors.js";
import { serializeQuery } from "./query.js";
import { abortSourceOf } from "./request.js";
import { plainHeaders, readErrorBody } from "./response-body.js";
import type { SendAbort } from "./send-abort.js";
import type { RawResponse, Transport } from "./transport.js";
import { appendQuery } from "./url.js";
import type { KitRequest, KitResponseType } from "./vocabulary.js";

/** What axios is asked for: JSON is read as text and parsed later, so invalid JSON is noticed. */
const axiosResponseTypes = {
  json: "text",
  text: "text",
  blob: "arraybuffer",
  arraybuffer: "arraybuffer",
} as const satisfies Record<KitResponseType, "text" | "arraybuffer">;

/** The transport of a server: every request goes through the server's own axios instance. */
export function axiosTransport(http: AxiosInstance): Transport {
  return (request, target) => exchange(http, request, target);
}

/**
 * Sends `request` as it is now through the server's axios instance. Every failure leaves as a
 * `KitRequestError`; only errors thrown by the team's own axios interceptors pass through unchanged.
 */
function exchange(
  http: AxiosInstance,
  request: KitRequest,
  target: KitRequestTarget,
): Promise<RawResponse> {
  const abort = abortSourceOf(request);
  if (abort.aborted) return Promise.reject(new KitAbortError(target, abort.reason));
  // axios merges every key it is given with its defaults, so keys that add nothing are left out.
  const config: AxiosRequestConfig = {
    method: request.method,
    url: appendQuery(request.url, serializeQuery(request.params)),
    // The URL already starts with the baseURL; an empty one stops axios from adding it again.
    baseURL: "",
    responseType: axiosResponseTypes[request.responseType],
  };
  if (request.data !== undefined) config.data = request.data;
  if (hasKeys(request.headers)) config.headers = request.headers;
  if (request.timeout !== http.defaults.timeout) config.timeout = request.timeout;
  const deadline = new Deadline(abort, request.timeout);
  config.signal = deadline.signal;
  return http.request(config).then(
    (response: AxiosResponse) => {
      deadline.clear();
      return {
        status: response.status,
        headers: plainHeaders(response.headers),
        data: response.data,
      };
    },
    (error: unknown) => {
      deadline.clear();
      throw toRequestError(error, request, abort, deadline.expired, target);
    },
  );
}

function hasKeys(object: object): boolean {
  for (const _ in object) return true;
  return false;
}

function toRequestError(
  error: unknown,
  request: KitRequest,
  abort: AbortSignal | SendAbort,
  expired: boolean,
  target: KitRequestTarget,
): unknown {
  if (isKitError(error)) return error;
  if (abort.aborted) return new KitAbortError(target, abort.reason, error);
  if (expired) return new KitTimeoutError(target, request.timeout, error);
  if (!isAxiosError(error)) return error;
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
