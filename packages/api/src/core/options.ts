import type { AxiosRequestConfig } from "axios";
import { wording } from "./catalogue.js";
import { KitOptionsError } from "./errors.js";
import { type KitMessageCatalogue, messages } from "./messages.js";
import { isPlainObject } from "./plain-object.js";
import type { KitCrossOriginRedirect } from "./redirects.js";

/** Decides whether an envelope's business code means success. */
export type KitValidateCode = (code: unknown, envelope: Record<string, unknown>) => boolean;

/**
 * How JSON bodies are read: `"auto"` unwraps a body that looks like an envelope, `"strict"` takes
 * every body for one, `false` never unwraps (docs/runtime.md, Envelopes).
 */
export type KitEnvelopeMode = "auto" | "strict" | false;

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
  envelope?: KitEnvelopeMode;
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
   * Needs `@kit/api/messages` imported (it holds the rewording); without it, `@Server` refuses it.
   */
  messages?: KitMessageCatalogue;
}

/** What `configure(server, ...)` may change at run time; each field given replaces the current one. */
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
  readonly envelope: KitEnvelopeMode;
  readonly headers: Readonly<Record<string, string>>;
  readonly withCredentials: boolean;
  readonly adapter: AxiosRequestConfig["adapter"] | undefined;
  readonly maxResponseSize: number;
  readonly crossOriginRedirect: KitCrossOriginRedirect;
  readonly messages: KitMessageCatalogue | undefined;
}

const acceptedCodes = new Set<unknown>([0, 200, "0", "200"]);

export const defaultValidateCode: KitValidateCode = (code) => acceptedCodes.has(code);

export function isEnvelopeMode(value: unknown): value is KitEnvelopeMode {
  return value === "auto" || value === "strict" || value === false;
}

/** Timers fire at once past 2^31 - 1 ms, so `Infinity` would be no limit at all; `0` says "none". */
export function isDuration(value: unknown): boolean {
  return typeof value === "number" && value >= 0 && value <= 2 ** 31 - 1;
}

export const durationText = "a number of milliseconds from 0 to 2^31 - 1";

const isText = (value: unknown): boolean => typeof value === "string" && value !== "";
const isFunction = (value: unknown): boolean => typeof value === "function";
const isObjectOf = (value: unknown, valid: (item: unknown) => boolean): boolean =>
  isPlainObject(value) && Object.values(value).every(valid);
const keyText = "a non-empty string";

/** Each option's check and what it must be, in the order they are checked. */
const optionRules: readonly [keyof KitServerOptions, (value: unknown) => boolean, string][] = [
  ["timeout", isDuration, durationText],
  ["envelope", isEnvelopeMode, '"auto", "strict" or false'],
  [
    "maxResponseSize",
    (value) => Number.isSafeInteger(value) && (value as number) >= 0,
    "a whole number of bytes ≥ 0",
  ],
  ["codeKey", isText, keyText],
  ["messageKey", isText, keyText],
  ["dataKey", isText, keyText],
  ["validateCode", isFunction, "a function"],
  [
    "headers",
    (value) => isObjectOf(value, (text) => typeof text === "string"),
    "an object of string values",
  ],
  ["withCredentials", (value) => typeof value === "boolean", "true or false"],
  // Only `@kit/api/messages` rewords a server's errors, so without it a catalogue would do nothing.
  [
    "messages",
    (value) => wording.reword !== undefined && isObjectOf(value, isFunction),
    "an object of message functions, with @kit/api/messages imported",
  ],
  [
    "crossOriginRedirect",
    (value) => value === "refuse" || value === "strip",
    '"refuse" or "strip"',
  ],
];

/**
 * `@Server("/api")` is `@Server({ baseURL: "/api" })`; a baseURL, when given, must be a non-empty
 * string. Checked when `@Server` runs, so a typo fails at start-up naming the option, not on a
 * later send.
 */
export function normalizeServerOptions(input: KitServerOptions | string): KitServerOptions {
  const options = typeof input === "string" ? { baseURL: input } : { ...input };
  if (options.baseURL !== undefined && !isText(options.baseURL)) {
    throw new KitOptionsError("KIT_BASE_URL_INVALID", messages.KIT_BASE_URL_INVALID());
  }
  for (const [option, valid, expected] of optionRules) {
    const value = options[option];
    if (value === undefined || valid(value)) continue;
    throw new KitOptionsError(
      "KIT_SERVER_OPTION_INVALID",
      messages.KIT_SERVER_OPTION_INVALID(option, expected, describeValue(value)),
    );
  }
  return options;
}

/** A wrong value as a message shows it: a string quoted, an object without its contents. */
export function describeValue(value: unknown): string {
  return typeof value === "string"
    ? JSON.stringify(value)
    : typeof value === "object" && value !== null
      ? "an object with other values"
      : String(value);
}

const defaults = {
  timeout: 10_000,
  codeKey: "code",
  messageKey: "message",
  dataKey: "data",
  validateCode: defaultValidateCode,
  envelope: "auto",
  withCredentials: false,
  maxResponseSize: 64 * 1024 * 1024,
  crossOriginRedirect: "refuse",
} as const;

/** Layers options from the base server class to the subclass and fills the defaults. */
export function resolveServerOptions(
  layers: readonly KitServerOptions[],
): KitResolvedServerOptions {
  const merged: KitServerOptions = Object.assign({}, ...layers);
  const resolved: Record<string, unknown> = { ...defaults };
  for (const key in defaults)
    resolved[key] = merged[key as keyof KitServerOptions] ?? resolved[key];
  const baseURL = merged.baseURL ?? "/";
  return Object.freeze({
    ...(resolved as typeof defaults),
    baseURL,
    name: merged.name ?? baseURL,
    headers: Object.freeze({ ...merged.headers }),
    adapter: merged.adapter,
    messages: merged.messages,
  });
}
