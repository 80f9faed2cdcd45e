import {
  type AbortListener,
  defaultAbortReason,
  dispatchAbort,
  removeAbortListener,
  type SendAbort,
} from "./send-abort.js";

/**
 * The time limit of one exchange, body included. axios's own `timeout` restarts with every chunk
 * on Node (a socket idle timeout), so a body that trickles in slower than the limit never timed
 * out. The deadline is what axios listens to: aborted when the send is or when the limit passes,
 * never aborting the send's own handle, so a plugin that retries after a timeout starts
 * unaborted. It reads the send's state when asked and follows its abort only while something
 * listens here: an adapter that never listens costs the send no listener, closure or handle.
 */
export class Deadline {
  /** What axios listens to: this deadline, or the send's abort source when there is no limit. */
  readonly signal: Deadline | SendAbort | AbortSignal;
  readonly #outer: SendAbort | AbortSignal;
  #expired = false;
  #reason: unknown;
  #listeners: AbortListener<Deadline>[] | undefined;
  #forward: (() => void) | undefined;
  /** Epoch milliseconds at which the limit passes; links in its lane, oldest first. */
  at = 0;
  lane: Lane | undefined;
  older: Deadline | undefined;
  newer: Deadline | undefined;

  /** `timeout` 0 means no limit. */
  constructor(outer: SendAbort | AbortSignal, timeout: number) {
    this.#outer = outer;
    if (timeout <= 0) {
      this.signal = outer;
      return;
    }
    this.signal = this;
    laneOf(timeout).add(this);
  }

  /** True once the limit passed before the exchange ended. */
  get expired(): boolean {
    return this.#expired;
  }

  /** Whichever came first: the send's abort or the limit. */
  get aborted(): boolean {
    return this.#outer.aborted || this.#expired;
  }

  get reason(): unknown {
    return this.#reason ?? this.#outer.reason;
  }

  addEventListener(_type: "abort", listener: AbortListener<Deadline>): void {
    if (this.#listeners === undefined) {
      this.#listeners = [];
      const forward = (): void => this.#notify();
      this.#outer.addEventListener("abort", forward);
      this.#forward = forward;
    }
    this.#listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: AbortListener<Deadline>): void {
    removeAbortListener(this.#listeners, listener);
  }

  /** Called when the exchange ended either way. */
  clear(): void {
    this.lane?.remove(this);
    const forward = this.#forward;
    if (forward !== undefined) {
      this.#forward = undefined;
      this.#outer.removeEventListener("abort", forward);
    }
  }

  /** Called by the lane when the limit passed. */
  expire(): void {
    this.#expired = true;
    if (this.#outer.aborted) return;
    this.#reason = defaultAbortReason();
    this.#notify();
  }

  /** Tells the listeners once, whichever of the two aborts came first. */
  #notify(): void {
    const listeners = this.#listeners;
    this.#listeners = [];
    dispatchAbort(this, listeners);
  }
}

/** What `setTimeout` answers: an object with `ref`/`unref` on Node, a number in browsers. */
type Timer = ReturnType<typeof setTimeout> & { ref?(): unknown; unref?(): unknown };

/**
 * The deadlines of one duration, oldest first, under one timer. A timer per send cost more than
 * the rest of Kit's work per send: Node makes and drops a timer list whenever a duration's last
 * timer goes, which sequential sends do every time. Deadlines of one duration expire in the order
 * they began, so each is added at the end and removed wherever it is, both O(1). The timer may
 * fire early (for a deadline removed since), then it is set again for the oldest left. With none
 * left it no longer keeps the process alive, and when it fires the lane is dropped, so durations
 * no longer used (a plugin may set any `timeout`) keep nothing.
 */
class Lane {
  #oldest: Deadline | undefined;
  #newest: Deadline | undefined;
  #timer: Timer | undefined;

  constructor(readonly timeout: number) {}

  add(deadline: Deadline): void {
    deadline.at = Date.now() + this.timeout;
    deadline.lane = this;
    deadline.older = this.#newest;
    if (this.#newest === undefined) this.#oldest = deadline;
    else this.#newest.newer = deadline;
    this.#newest = deadline;
    if (this.#timer === undefined) this.#arm(this.timeout);
    else if (this.#oldest === deadline) this.#timer.ref?.();
  }

  remove(deadline: Deadline): void {
    if (deadline.lane !== this) return;
    deadline.lane = undefined;
    if (deadline.older === undefined) this.#oldest = deadline.newer;
    else deadline.older.newer = deadline.newer;
    if (deadline.newer === undefined) this.#newest = deadline.older;
    else deadline.newer.older = deadline.older;
    deadline.older = undefined;
    deadline.newer = undefined;
    if (this.#oldest === undefined) this.#timer?.unref?.();
  }

  #arm(delay: number): void {
    this.#timer = setTimeout(() => this.#fire(), delay) as Timer;
  }

  #fire(): void {
    this.#timer = undefined;
    const now = Date.now();
    for (let due = this.#oldest; due !== undefined && due.at <= now; due = this.#oldest) {
      this.remove(due);
      due.expire();
    }
    if (this.#oldest !== undefined) this.#arm(this.#oldest.at - now);
    else lanes.delete(this.timeout);
  }
}

const lanes = new Map<number, Lane>();

function laneOf(timeout: number): Lane {
  let lane = lanes.get(timeout);
  if (lane === undefined) {
    lane = new Lane(timeout);
    lanes.set(timeout, lane);
  }
  return lane;
}
