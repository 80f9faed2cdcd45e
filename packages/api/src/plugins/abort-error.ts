import { KitAbortError } from "../core/errors.js";
import type { KitContext } from "../core/plugin.js";

/** The error a send rejects with when a plugin stops waiting because the caller aborted. */
export function abortError(ctx: KitContext, reason: unknown): KitAbortError {
  const { method, url } = ctx.request;
  return new KitAbortError({ method, url, api: `${ctx.api}.${ctx.method}` }, reason);
}
