import { SendAbort } from "./send-abort.js";

/**
 * The time limit of one exchange, body included. axios's own `timeout` restarts with every chunk
 * on Node (a socket idle timeout), so a body that trickles in slower than the limit never timed
 * out. The deadline aborts a handle of its own that follows the send's, never the send's handle,
 * so a plugin that retries after a timeout starts unaborted.
 */
export class Deadline {
  /** What axios listens to: the send's abort source, or the deadline's handle following it. */
  readonly signal: SendAbort | AbortSignal;
  #expired = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #release: (() => void) | undefined;

  /** `timeout` 0 means no limit. */
  constructor(outer: SendAbort | AbortSignal, timeout: number) {
    if (timeout <= 0) {
      this.signal = outer;
      return;
    }
    const inner = new SendAbort();
    const follow = () => inner.abort(outer.reason);
    const target = outer as Pick<AbortSignal, "addEventListener" | "removeEventListener">;
    target.addEventListener("abort", follow);
    this.#release = () => target.removeEventListener("abort", follow);
    this.#timer = setTimeout(() => {
      this.#expired = true;
      inner.abort();
    }, timeout);
    this.signal = inner;
  }

  /** True once the limit passed before the exchange ended. */
  get expired(): boolean {
    return this.#expired;
  }

  /** Called when the exchange ended either way. */
  clear(): void {
    clearTimeout(this.#timer);
    this.#release?.();
  }
}
