import { AxiosError, type AxiosInstance, type AxiosResponse, isAxiosError } from "axios";
import {
  isKitError,
  KitAbortError,
  KitHttpError,
  KitNetworkError,
  type KitRequestTarget,
  KitTimeoutError,
} from "./errors.js";
import type { KitRequest } from "./plugin.js";
import { serializeQuery } from "./query.js";
import { axiosResponseTypes, plainHeaders, readErrorBody } from "./response-body.js";
import { appendQuery } from "./url.js";

/**
 * Sends `request` as it is now through the server's axios instance. Every failure leaves as a
 * `KitRequestError`; only errors thrown by the team's own axios interceptors pass through unchanged.
 */
export async function exchange(
  http: AxiosInstance,
  request: KitRequest,
  target: KitRequestTarget,
): Promise<AxiosResponse> {
  if (request.signal.aborted) throw new KitAbortError(target, request.signal.reason);
  try {
    return await http.request({
      method: request.method,
      url: appendQuery(request.url, serializeQuery(request.params)),
      // The URL already starts with the baseURL; an empty one stops axios from adding it again.
      baseURL: "",
      data: request.data,
      headers: request.headers,
      timeout: request.timeout,
      responseType: axiosResponseTypes[request.responseType],
      signal: request.signal,
    });
  } catch (error) {
    throw toRequestError(error, request, target);
  }
}

function toRequestError(error: unknown, request: KitRequest, target: KitRequestTarget): unknown {
  if (isKitError(error)) return error;
  if (request.signal.aborted) return new KitAbortError(target, request.signal.reason, error);
  if (!isAxiosError(error)) return error;
  const { response } = error;
  if (response) {
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
