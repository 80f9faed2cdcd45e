import { KitAbortError, type KitRequestTarget } from "../core/errors.js";
import type { KitContext } from "../core/plugin.js";

/** The request of `ctx` as it is now, for errors a plugin raises on its behalf. */
export function requestTarget(ctx: KitContext): KitRequestTarget {
  const { method, url } = ctx.request;
  return { method, url, api: `${ctx.api}.${ctx.method}` };
}

/** The error a send rejects with when a plugin stops waiting because the caller aborted. */
export function abortError(ctx: KitContext, reason: unknown): KitAbortError {
  return new KitAbortError(requestTarget(ctx), reason);
}
