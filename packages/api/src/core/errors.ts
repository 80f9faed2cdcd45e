import { wording } from "./catalogue.js";
import { type KitErrorCode, messages } from "./messages.js";
import type { KitResponseHeaders } from "./result.js";
import type { KitHttpMethod } from "./vocabulary.js";

/** The root of every error the runtime throws. Compare `code`, never the message. */
export class KitError extends Error {
  override readonly name: string = "KitError";
  readonly code: KitErrorCode;

  constructor(code: KitErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    wording.made?.(this, message);
  }
}

/** A server class or server option is wrong; thrown when the class is decorated or instantiated. */
export class KitOptionsError extends KitError {
  override readonly name: string = "KitOptionsError";
}

/** An API class is decorated wrongly; thrown while decorating or on the first `createApi`. */
export class KitDecoratorError extends KitError {
  override readonly name: string = "KitDecoratorError";
}

/** A plugin failed outside a request: its async `setup` rejected, or `request` answered no result. */
export class KitPluginError extends KitError {
  override readonly name: string = "KitPluginError";
  /** The plugin's name. */
  readonly plugin: string;

  constructor(code: KitErrorCode, plugin: string, message: string, cause?: unknown) {
    super(code, message, { cause });
    this.plugin = plugin;
  }
}

export type KitRequestErrorKind =
  | "argument"
  | "http"
  | "business"
  | "network"
  | "timeout"
  | "abort"
  | "parse"
  | "limit";

/** Which request failed: enough to find it in logs. */
export interface KitRequestTarget {
  readonly method: KitHttpMethod;
  /** The full URL without the query string. */
  readonly url: string;
  /** `"PetApi.getPetById"`. */
  readonly api: string;
}

/**
 * A `send()` failed. The subclass and `kind` say why; `kind: "argument"` means the call itself was
 * incomplete (a path value missing) and nothing was sent; `kind: "limit"` that a client-side limit
 * (the request pool's full queue) refused to send it.
 */
export class KitRequestError extends KitError {
  override readonly name: string = "KitRequestError";
  readonly kind: KitRequestErrorKind;
  readonly method: KitHttpMethod;
  readonly url: string;
  readonly api: string;
  /** The HTTP status, when a response arrived. */
  readonly status: number | undefined;

  constructor(
    kind: KitRequestErrorKind,
    code: KitErrorCode,
    message: string,
    target: KitRequestTarget,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(code, message, { cause: options.cause });
    this.kind = kind;
    this.method = target.method;
    this.url = target.url;
    this.api = target.api;
    this.status = options.status;
  }
}

/**
 * The server answered with a non-2xx status. `Body` is the type the document declares for it;
 * narrow a caught error to a method's declared errors with `isKitErrorOf`.
 */
export class KitHttpError<Body = unknown> extends KitRequestError {
  override readonly name: string = "KitHttpError";
  declare readonly kind: "http";
  declare readonly status: number;
  /** The response body: parsed when it was JSON, else the text. */
  readonly body: Body;
  readonly headers: KitResponseHeaders;

  constructor(
    target: KitRequestTarget,
    response: { status: number; body: unknown; headers: KitResponseHeaders },
    cause?: unknown,
  ) {
    const message = messages.KIT_HTTP(response.status, target.method, target.url);
    super("http", "KIT_HTTP", message, target, { status: response.status, cause });
    this.body = response.body as Body;
    this.headers = response.headers;
  }
}

/**
 * The envelope's business code was rejected by `validateCode`. `Envelope` is the server's envelope
 * type (`KitServer<{ code: number; message: string }>`); it types `businessCode`.
 */
export class KitBusinessError<Envelope = unknown> extends KitRequestError {
  override readonly name: string = "KitBusinessError";
  declare readonly kind: "business";
  /** The envelope's code field, typed as the envelope type declares `code`. */
  readonly businessCode: Envelope extends { readonly code: infer Code } ? Code : unknown;
  readonly envelope: unknown;

  constructor(
    target: KitRequestTarget,
    details: { status: number; businessCode: unknown; message: unknown; envelope: unknown },
  ) {
    const message =
      typeof details.message === "string" && details.message !== ""
        ? details.message
        : messages.KIT_BUSINESS(String(details.businessCode));
    super("business", "KIT_BUSINESS", message, target, { status: details.status });
    this.businessCode = details.businessCode as this["businessCode"];
    this.envelope = details.envelope;
  }
}

/** No response arrived: connection refused or reset, DNS failure, CORS. */
export class KitNetworkError extends KitRequestError {
  override readonly name: string = "KitNetworkError";

  constructor(target: KitRequestTarget, cause: unknown) {
    super("network", "KIT_NETWORK", messages.KIT_NETWORK(target.method, target.url), target, {
      cause,
    });
  }
}

/** No response within the request's timeout. */
export class KitTimeoutError extends KitRequestError {
  override readonly name: string = "KitTimeoutError";
  /** Milliseconds. */
  readonly timeout: number;

  /**
   * `KIT_REFRESH_TIMEOUT` or `KIT_POOL_QUEUE_TIMEOUT`, with the plugin's message, when the wait
   * was for auth's token refresh or for a slot in the request pool.
   */
  constructor(
    target: KitRequestTarget,
    timeout: number,
    cause: unknown,
    code: "KIT_TIMEOUT" | "KIT_REFRESH_TIMEOUT" | "KIT_POOL_QUEUE_TIMEOUT" = "KIT_TIMEOUT",
    message: string = messages.KIT_TIMEOUT(target.method, target.url, timeout),
  ) {
    super("timeout", code, message, target, { cause });
    this.timeout = timeout;
  }
}

/** `abort()` was called, or a plugin aborted the request's signal. */
export class KitAbortError extends KitRequestError {
  override readonly name: string = "KitAbortError";
  /** The signal's reason: what was passed to `abort(reason)`, or the platform's AbortError. */
  readonly reason: unknown;

  constructor(target: KitRequestTarget, reason: unknown, cause?: unknown) {
    super("abort", "KIT_ABORTED", messages.KIT_ABORTED(target.method, target.url), target, {
      cause,
    });
    this.reason = reason;
  }
}

/**
 * A 2xx response could not be read: invalid JSON, no envelope under `envelope: "strict"`, or a
 * stream method answered with another media type.
 */
export class KitResponseError extends KitRequestError {
  override readonly name: string = "KitResponseError";
  /** The body as received. */
  readonly body: unknown;

  constructor(
    target: KitRequestTarget,
    details: {
      code:
        | "KIT_INVALID_JSON"
        | "KIT_ENVELOPE_MISSING"
        | "KIT_RESPONSE_TOO_LARGE"
        | "KIT_STREAM_CONTENT_TYPE";
      message: string;
      status: number;
    },
    body: unknown,
    cause?: unknown,
  ) {
    super("parse", details.code, details.message, target, { status: details.status, cause });
    this.body = body;
  }
}

export function isKitError(value: unknown): value is KitError {
  return value instanceof KitError;
}

export function isKitRequestError(value: unknown): value is KitRequestError {
  return value instanceof KitRequestError;
}
