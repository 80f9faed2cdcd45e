/*
 * The words every layer speaks: what a request is made of. A leaf module, so the decorators, the
 * core and the plugins can all use it without importing each other.
 */

/**
 * The methods with their own decorator, `QUERY` (OpenAPI 3.2), and any other HTTP token set with
 * `@Method`: the `string & {}` keeps editors suggesting the named ones.
 */
export type KitHttpMethod =
  | "GET"
  | "POST"
  | "PUT"
  | "PATCH"
  | "DELETE"
  | "HEAD"
  | "OPTIONS"
  | "QUERY"
  | (string & {});

/** `"stream"` is the body as it arrives; read it with `@kit/api/stream`. */
/**
 * How a response body is read. `"auto"` reads it by the `Content-Type` that came: JSON types parsed,
 * `text/*` and XML as a string, anything else as a `Blob`; for an operation whose answers differ in
 * kind (a 200 file beside a 202 JSON status).
 */
export type KitResponseType = "json" | "text" | "blob" | "arraybuffer" | "stream" | "auto";

/** The request of one send, as plugins see and may change it before `next()`. */
export interface KitRequest {
  method: KitHttpMethod;
  /** The server's baseURL, the class prefix and the method path joined, placeholders filled. */
  url: string;
  /** Query values, not yet serialized; arrays become repeated keys, a `KitQueryList` one joined value. */
  params: Record<string, unknown>;
  data: unknown;
  headers: Record<string, string>;
  /** Milliseconds; 0 means no timeout. */
  timeout: number;
  responseType: KitResponseType;
  /** Whether cookies go along on a cross-origin request: `@WithCredentials`, else the server's. */
  withCredentials: boolean;
  signal: AbortSignal;
}
