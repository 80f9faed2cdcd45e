/**
 * The time limit of one exchange, body included: axios's own `timeout` restarts with every chunk
 * on Node (a socket idle timeout), so a body that trickles in slower than the limit never timed
 * out. `signal` is what axios listens to: aborted when the send's signal is or when the limit
 * passes. The send's own signal is never aborted by the limit, so a plugin that retries after a
 * timeout starts unaborted.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True once the limit passed before the exchange ended. */
  readonly expired: boolean;
  /** Called when the exchange ended either way: stops the timer and the listener. */
  clear(): void;
}

/** `timeout` 0 means no limit: the send's signal is used as it is. */
export function startDeadline(outer: AbortSignal, timeout: number): Deadline {
  if (timeout <= 0) return { signal: outer, expired: false, clear() {} };
  const controller = new AbortController();
  const follow = (): void => controller.abort(outer.reason);
  outer.addEventListener("abort", follow, { once: true });
  const deadline = {
    signal: controller.signal,
    expired: false,
    clear(): void {
      clearTimeout(timer);
      outer.removeEventListener("abort", follow);
    },
  };
  const timer = setTimeout(() => {
    deadline.expired = true;
    outer.removeEventListener("abort", follow);
    controller.abort(new DOMException("The operation timed out", "TimeoutError"));
  }, timeout);
  return deadline;
}
