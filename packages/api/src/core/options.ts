import type { AxiosRequestConfig } from "axios";
import { KitOptionsError } from "./errors.js";
import { type KitMessageCatalogue, messages } from "./messages.js";
import { isPlainObject } from "./plain-object.js";
import type { KitCrossOriginRedirect } from "./redirects.js";

/** Decides whether an envelope's business code means success. */
export type KitValidateCode = (code: unknown, envelope: Record<string, unknown>) => boolean;

/** The options of `@Server(...)`; every field is optional. */
export interface KitServerOptions {
  /** Prefix of every URL. Default `"/"`. */
  baseURL?: string;
  /** Milliseconds; `0` means no timeout. Default `10000`. */
  timeout?: number;
  /** Used in logs and as the cache namespace; when absent, the baseURL is used. */
  name?: string;
  /** Envelope field of the business code. Default `"code"`. */
  codeKey?: string;
  /** Envelope field of the message. Default `"message"`. */
  messageKey?: string;
  /** Envelope field unwrapped into `data`. Default `"data"`. */
  dataKey?: string;
  /** Called only when the envelope has `codeKey`. Default: accepts `0`, `200`, `"0"`, `"200"`. */
  validateCode?: KitValidateCode;
  /**
   * `"auto"` (default): a plain-object JSON body with `dataKey` and `codeKey` or `messageKey` is
   * unwrapped, any other body is the data (a Stripe list `{ object, data, has_more }` is not an envelope).
   * `"strict"`: a JSON body without `dataKey` is a `KitResponseError`. `false`: never unwrap.
   */
  envelope?: "auto" | "strict" | false;
  /** Static headers of every request. */
  headers?: Readonly<Record<string, string>>;
  /** Default `false`. */
  withCredentials?: boolean;
  /** Any axios adapter: `"fetch"`, `"xhr"`, `"http"` or a function. Default: axios's choice. */
  adapter?: AxiosRequestConfig["adapter"];
  /** Largest response body in bytes; a larger one fails with `KIT_RESPONSE_TOO_LARGE`. `0`: no limit. Default 64 MiB. */
  maxResponseSize?: number;
  /**
   * A redirect to another origin: `"refuse"` (default) fails with `KIT_REDIRECT_REFUSED` and
   * follows nothing; `"strip"` follows it without any header but `Accept`, `Accept-Encoding`,
   * `User-Agent` and `Content-*`, so no credential or static header goes along.
   */
  crossOriginRedirect?: KitCrossOriginRedirect;
  /**
   * This server's message catalogue (`zh` or `en` from `@kit/api/messages`, or your own, partial
   * or whole): the errors of its sends are worded from it. Default: the one chosen globally.
   */
  messages?: KitMessageCatalogue;
}

/** What `server.configure(...)` may change at run time; each field given replaces the current one. */
export type KitRuntimeOptions = Pick<
  KitServerOptions,
  | "baseURL"
  | "headers"
  | "timeout"
  | "withCredentials"
  | "codeKey"
  | "messageKey"
  | "dataKey"
  | "validateCode"
  | "envelope"
>;

/** The options with every default filled in, as `server.options` shows them. */
export interface KitResolvedServerOptions {
  readonly baseURL: string;
  readonly timeout: number;
  readonly name: string;
  readonly codeKey: string;
  readonly messageKey: string;
  readonly dataKey: string;
  readonly validateCode: KitValidateCode;
  readonly envelope: "auto" | "strict" | false;
  readonly headers: Readonly<Record<string, string>>;
  readonly withCredentials: boolean;
  readonly adapter: AxiosRequestConfig["adapter"] | undefined;
  readonly maxResponseSize: number;
  readonly crossOriginRedirect: KitCrossOriginRedirect;
  readonly messages: KitMessageCatalogue | undefined;
}

const acceptedCodes = new Set<unknown>([0, 200, "0", "200"]);

export const defaultValidateCode: KitValidateCode = (code) => acceptedCodes.has(code);

/** `@Server("/api")` is `@Server({ baseURL: "/api" })`; a baseURL, when given, must be a non-empty string. */
export function normalizeServerOptions(input: KitServerOptions | string): KitServerOptions {
  const options = typeof input === "string" ? { baseURL: input } : { ...input };
  if (
    options.baseURL !== undefined &&
    (typeof options.baseURL !== "string" || options.baseURL === "")
  ) {
    throw new KitOptionsError("KIT_BASE_URL_INVALID", messages.KIT_BASE_URL_INVALID());
  }
  requireOption(
    "timeout",
    options.timeout,
    isDuration,
    "a number of milliseconds from 0 to 2^31 - 1",
  );
  requireOption("maxResponseSize", options.maxResponseSize, isSize, "a whole number of bytes ≥ 0");
  for (const key of ["codeKey", "messageKey", "dataKey"] as const) {
    requireOption(key, options[key], isNonEmptyText, "a non-empty string");
  }
  requireOption("validateCode", options.validateCode, isFunction, "a function");
  requireOption(
    "envelope",
    options.envelope,
    (value) => value === "auto" || value === "strict" || value === false,
    '"auto", "strict" or false',
  );
  requireOption("headers", options.headers, isHeaderRecord, "an object of string values");
  requireOption("withCredentials", options.withCredentials, isBoolean, "true or false");
  requireOption("messages", options.messages, isCatalogue, "an object of message functions");
  requireOption(
    "crossOriginRedirect",
    options.crossOriginRedirect,
    (value) => value === "refuse" || value === "strip",
    '"refuse" or "strip"',
  );
  return options;
}

/** Timers fire at once past 2^31 - 1 ms, so `Infinity` would be no limit at all; `0` says "none". */
export function isDuration(value: unknown): boolean {
  return typeof value === "number" && value >= 0 && value <= 2 ** 31 - 1;
}

function isNonEmptyText(value: unknown): boolean {
  return typeof value === "string" && value !== "";
}

function isFunction(value: unknown): boolean {
  return typeof value === "function";
}

function isCatalogue(value: unknown): boolean {
  return isPlainObject(value) && Object.values(value).every(isFunction);
}

function isBoolean(value: unknown): boolean {
  return typeof value === "boolean";
}

function isHeaderRecord(value: unknown): boolean {
  return isPlainObject(value) && Object.values(value).every((text) => typeof text === "string");
}

function isSize(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** Checked when `@Server` runs, so a typo fails at start-up naming the option, not on a later send. */
function requireOption(
  option: string,
  value: unknown,
  valid: (value: unknown) => boolean,
  expected: string,
): void {
  if (value === undefined || valid(value)) return;
  const got =
    typeof value === "string"
      ? JSON.stringify(value)
      : typeof value === "object" && value !== null
        ? "an object with other values"
        : String(value);
  throw new KitOptionsError(
    "KIT_SERVER_OPTION_INVALID",
    messages.KIT_SERVER_OPTION_INVALID(option, expected, got),
  );
}

/** Layers options from the base server class to the subclass and fills the defaults. */
export function resolveServerOptions(
  layers: readonly KitServerOptions[],
): KitResolvedServerOptions {
  const merged: KitServerOptions = Object.assign({}, ...layers);
  const baseURL = merged.baseURL ?? "/";
  return Object.freeze({
    baseURL,
    timeout: merged.timeout ?? 10_000,
    name: merged.name ?? baseURL,
    codeKey: merged.codeKey ?? "code",
    messageKey: merged.messageKey ?? "message",
    dataKey: merged.dataKey ?? "data",
    validateCode: merged.validateCode ?? defaultValidateCode,
    envelope: merged.envelope ?? "auto",
    headers: Object.freeze({ ...merged.headers }),
    withCredentials: merged.withCredentials ?? false,
    adapter: merged.adapter,
    maxResponseSize: merged.maxResponseSize ?? 64 * 1024 * 1024,
    crossOriginRedirect: merged.crossOriginRedirect ?? "refuse",
    messages: merged.messages,
  });
}
