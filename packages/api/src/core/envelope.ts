import { KitBusinessError, type KitRequestTarget, KitResponseError } from "./errors.js";
import { messages } from "./messages.js";
import type { KitEnvelopeMode, KitResolvedServerOptions } from "./options.js";
import { isPlainObject } from "./plain-object.js";
import type { KitResponseHeaders, KitResult } from "./result.js";

export interface ReadResponse {
  readonly body: unknown;
  readonly status: number;
  readonly headers: KitResponseHeaders;
  /** Only JSON bodies are ever unwrapped. */
  readonly json: boolean;
}

type EnvelopeKeys = Pick<KitResolvedServerOptions, "codeKey" | "messageKey" | "dataKey">;

/**
 * Whether a JSON body is an envelope under `mode` (docs/runtime.md, Envelopes). `"strict"`: a plain
 * object with `dataKey` or `codeKey` (an error envelope often has no data). `"auto"`: a plain object
 * with `dataKey` and `codeKey` or `messageKey` beside it, so an API's own object with `data` alone
 * (a Stripe list, a Kubernetes ConfigMap) is the data.
 */
function isEnvelope(
  body: unknown,
  keys: EnvelopeKeys,
  mode: KitEnvelopeMode,
): body is Record<string, unknown> {
  if (mode === false || !isPlainObject(body)) return false;
  if (mode === "strict") return keys.dataKey in body || keys.codeKey in body;
  return keys.dataKey in body && (keys.codeKey in body || keys.messageKey in body);
}

/**
 * Unwraps `{ code, message, data }` per `mode` (the method's, else its class's, else the server's)
 * and checks the code. An envelope whose code `validateCode` refuses always rejects, with `data`
 * present, `null` or missing; one without `codeKey` is not checked.
 */
export function unwrapEnvelope(
  response: ReadResponse,
  options: KitResolvedServerOptions,
  mode: KitEnvelopeMode,
  target: KitRequestTarget,
): KitResult {
  const { body, status, headers } = response;
  const read = response.json && body !== undefined;
  const envelope = read && isEnvelope(body, options, mode) ? body : undefined;
  if (envelope === undefined) {
    if (read && mode === "strict") {
      const message = messages.KIT_ENVELOPE_MISSING(
        target.method,
        target.url,
        options.dataKey,
        options.codeKey,
      );
      throw new KitResponseError(target, { code: "KIT_ENVELOPE_MISSING", message, status }, body);
    }
    // "auto": `{ code, message }` without data is read only for its code, so an error answer
    // never passes for the data (`AjaxResult.error()`, `@JsonInclude(NON_NULL)`).
    if (read && mode === "auto" && isPlainObject(body) && options.messageKey in body) {
      checkCode(body, options, status, target);
    }
    return {
      data: body,
      code: undefined,
      message: undefined,
      fromCache: false,
      status,
      headers,
      envelope,
    };
  }
  checkCode(envelope, options, status, target);
  const code = envelope[options.codeKey];
  const message = envelope[options.messageKey];
  return {
    data: envelope[options.dataKey],
    code: typeof code === "string" || typeof code === "number" ? code : undefined,
    message: typeof message === "string" ? message : undefined,
    fromCache: false,
    status,
    headers,
    envelope,
  };
}

/** A `KitBusinessError` when the envelope has `codeKey` and `validateCode` refuses it. */
function checkCode(
  envelope: Record<string, unknown>,
  options: KitResolvedServerOptions,
  status: number,
  target: KitRequestTarget,
): void {
  if (!(options.codeKey in envelope)) return;
  const code = envelope[options.codeKey];
  if (options.validateCode(code, envelope)) return;
  const message = envelope[options.messageKey];
  throw new KitBusinessError(target, { status, businessCode: code, message, envelope });
}
