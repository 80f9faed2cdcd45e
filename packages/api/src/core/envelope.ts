import { KitBusinessError, type KitRequestTarget, KitResponseError } from "./errors.js";
import { messages } from "./messages.js";
import type { KitResolvedServerOptions } from "./options.js";
import { isPlainObject } from "./plain-object.js";
import type { KitResponseHeaders, KitResult } from "./result.js";

export interface ReadResponse {
  readonly body: unknown;
  readonly status: number;
  readonly headers: KitResponseHeaders;
  /** Only JSON bodies are ever unwrapped. */
  readonly json: boolean;
}

/**
 * Whether a JSON body is an envelope. `"strict"` takes any plain object with `dataKey`. `"auto"` also
 * asks for `codeKey` or `messageKey` beside it: a body with `data` alone is the API's own object
 * (a Stripe list `{ object, data, has_more }`, a Kubernetes ConfigMap `{ kind, metadata, data }`).
 */
function isEnvelope(
  body: unknown,
  options: KitResolvedServerOptions,
): body is Record<string, unknown> {
  if (options.envelope === false || !isPlainObject(body) || !(options.dataKey in body))
    return false;
  return options.envelope === "strict" || options.codeKey in body || options.messageKey in body;
}

/** Unwraps `{ code, message, data }` per the server's `envelope` mode and checks the code. */
export function unwrapEnvelope(
  response: ReadResponse,
  options: KitResolvedServerOptions,
  target: KitRequestTarget,
): KitResult {
  const { body, status, headers } = response;
  const envelope = response.json && isEnvelope(body, options) ? body : undefined;
  if (envelope === undefined) {
    if (options.envelope === "strict" && response.json && body !== undefined) {
      const message = messages.KIT_ENVELOPE_MISSING(target.method, target.url, options.dataKey);
      throw new KitResponseError(target, { code: "KIT_ENVELOPE_MISSING", message, status }, body);
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
  const code = envelope[options.codeKey];
  const message = envelope[options.messageKey];
  if (options.codeKey in envelope && !options.validateCode(code, envelope)) {
    throw new KitBusinessError(target, { status, businessCode: code, message, envelope });
  }
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
