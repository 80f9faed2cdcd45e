import type { KitMethod } from "../core/method.js";
import type { KitResult } from "../core/result.js";

/**
 * Sends `method` so that `signal` aborts this send: the framework integrations hand every send the
 * signal of its owner (TanStack's query, a component's current request) and stay out of `abort()`.
 */
export function sendWithSignal<T, Envelope>(
  method: KitMethod<T, never, Envelope>,
  signal: AbortSignal,
): Promise<KitResult<Envelope, T>> {
  const sent = method.send();
  if (signal.aborted) {
    method.abort(signal.reason);
    return sent;
  }
  const onAbort = () => method.abort(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  return sent.finally(() => signal.removeEventListener("abort", onAbort));
}
