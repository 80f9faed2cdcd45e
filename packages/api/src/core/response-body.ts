import { type KitRequestTarget, KitResponseError } from "./errors.js";
import { isJsonMediaType, mediaTypeEssence } from "./media-type.js";
import { messages } from "./messages.js";
import type { KitResponseHeaders } from "./result.js";
import type { RawResponse } from "./transport.js";
import type { KitResponseType } from "./vocabulary.js";

/**
 * Response headers as a plain object, names as the adapter gave them (lower case for axios's
 * adapters). AxiosHeaders keeps each header as an own property, so a spread copies exactly those.
 */
export function plainHeaders(headers: object | undefined): KitResponseHeaders {
  return { ...headers } as KitResponseHeaders;
}

/** The body of a 2xx response in the requested type; an empty JSON body is `undefined`. */
export function readBody(
  response: RawResponse,
  responseType: KitResponseType,
  target: KitRequestTarget,
): unknown {
  const { data } = response;
  switch (responseType) {
    case "auto": {
      const kind = kindOfContent(response);
      // The bytes came as an ArrayBuffer or Buffer; JSON is parsed from their text.
      const body = kind === "json" ? { ...response, data: decodeText(data) } : response;
      return readBody(body, kind, target);
    }
    case "json":
      if (typeof data !== "string") return data;
      if (data === "") return undefined;
      try {
        return JSON.parse(data);
      } catch (error) {
        const contentType = String(response.headers["content-type"] ?? "");
        const message = messages.KIT_INVALID_JSON(target.method, target.url, contentType);
        throw new KitResponseError(
          target,
          { code: "KIT_INVALID_JSON", message, status: response.status },
          data,
          error,
        );
      }
    case "text":
      return typeof data === "string" ? data : decodeText(data);
    case "arraybuffer":
      return toArrayBuffer(data);
    case "stream":
      return data;
    case "blob":
      return data instanceof Blob
        ? data
        : new Blob([toArrayBuffer(data)], { type: String(response.headers["content-type"] ?? "") });
  }
}

/** Whether the body is read as JSON: always for `"json"`, for `"auto"` when JSON came. */
export function readsJson(response: RawResponse, responseType: KitResponseType): boolean {
  return responseType === "json" || (responseType === "auto" && kindOfContent(response) === "json");
}

/**
 * How an `"auto"` response is read, by the type that came: JSON (or no type) parsed, text and XML
 * as a string, anything else as bytes.
 */
function kindOfContent(response: RawResponse): "json" | "text" | "blob" {
  const type = mediaTypeEssence(String(response.headers["content-type"] ?? ""));
  if (type === "" || isJsonMediaType(type)) return "json";
  if (type.startsWith("text/") || type === "application/xml" || type.endsWith("+xml"))
    return "text";
  return "blob";
}

/** The body of an error response: parsed when it is JSON, else its text. */
export function readErrorBody(data: unknown): unknown {
  const text = typeof data === "string" ? data : isBinary(data) ? decodeText(data) : undefined;
  if (text === undefined) return data;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isBinary(data: unknown): data is ArrayBuffer | ArrayBufferView {
  return data instanceof ArrayBuffer || ArrayBuffer.isView(data);
}

function decodeText(data: unknown): string {
  return isBinary(data) ? new TextDecoder().decode(data) : String(data);
}

/** Node's adapter answers a Buffer, browsers an ArrayBuffer; users always get an ArrayBuffer. */
function toArrayBuffer(data: unknown): ArrayBuffer {
  if (data instanceof ArrayBuffer) return data;
  if (ArrayBuffer.isView(data)) {
    const copy = new Uint8Array(data.byteLength);
    copy.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    return copy.buffer;
  }
  return new TextEncoder().encode(String(data ?? "")).buffer;
}
