/**
 * The time limit of one exchange, body included: axios's own `timeout` restarts with every chunk
 * on Node (a socket idle timeout), so a body that trickles in slower than the limit never timed
 * out. `signal` is what axios listens to: aborted when the send's signal is or when the limit
 * passes. Whichever comes first wins: the limit never fires after the send's signal aborted.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True once the limit passed before the exchange ended. */
  readonly expired: boolean;
  /** Called when the exchange ended either way: stops the timer and the listener. */
  clear(): void;
}

/**
 * `timeout` 0 means no limit: the send's signal is used as it is. `owner` is the controller of
 * `outer` when nothing but this exchange sees it (no plugin, no capability module): the limit then
 * aborts it directly, one signal per send. Otherwise the limit aborts a signal of its own that
 * follows `outer`, so the send's signal stays unaborted and a plugin may retry after a timeout.
 */
export function startDeadline(
  outer: AbortSignal,
  timeout: number,
  owner?: AbortController,
): Deadline {
  if (timeout <= 0) return { signal: outer, expired: false, clear() {} };
  const controller = owner ?? new AbortController();
  const follow = (): void => controller.abort(outer.reason);
  if (owner === undefined) outer.addEventListener("abort", follow, { once: true });
  const deadline = {
    signal: controller.signal,
    expired: false,
    clear(): void {
      clearTimeout(timer);
      if (owner === undefined) outer.removeEventListener("abort", follow);
    },
  };
  const timer = setTimeout(() => {
    if (outer.aborted) return;
    deadline.expired = true;
    if (owner === undefined) outer.removeEventListener("abort", follow);
    controller.abort(new DOMException("The operation timed out", "TimeoutError"));
  }, timeout);
  return deadline;
}
