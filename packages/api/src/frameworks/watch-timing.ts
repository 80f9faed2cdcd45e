/** How soon a change of a watched source sends. */
export interface KitWatchTiming {
  /**
   * Wait until the sources have been still for this many milliseconds, then send once: one
   * number for every source, or one per source in the order they are watched (`[300, 0]`).
   */
  readonly debounce?: number | readonly number[];
  /**
   * Send at most once per this many milliseconds: the first change sends at once, the last
   * change within the window when it ends. One number, or one per source.
   */
  readonly throttle?: number | readonly number[];
}

function delayOf(value: number | readonly number[] | undefined, index: number): number {
  if (value === undefined) return 0;
  return typeof value === "number" ? value : (value[index] ?? 0);
}

/**
 * Turns changes of watched sources into sends, debounced or throttled per source. When several
 * sources change together, the longest delay among them applies.
 */
export class WatchTiming {
  readonly #fire: () => void;
  readonly #timing: () => KitWatchTiming;
  /** When each throttled source last sent. */
  readonly #sentAt = new Map<number, number>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(fire: () => void, timing: () => KitWatchTiming) {
    this.#fire = fire;
    this.#timing = timing;
  }

  changed(sources: readonly number[]): void {
    const { debounce, throttle } = this.#timing();
    this.cancel();
    const wait = Math.max(0, ...sources.map((index) => delayOf(debounce, index)));
    if (wait > 0) {
      this.#timer = setTimeout(() => this.#send(), wait);
      return;
    }
    const now = Date.now();
    const left = Math.max(
      0,
      ...sources.map((index) => {
        const window = delayOf(throttle, index);
        const sentAt = this.#sentAt.get(index);
        return window > 0 && sentAt !== undefined ? sentAt + window - now : 0;
      }),
    );
    const send = () => {
      const at = Date.now();
      for (const index of sources) if (delayOf(throttle, index) > 0) this.#sentAt.set(index, at);
      this.#send();
    };
    if (left > 0) this.#timer = setTimeout(send, left);
    else send();
  }

  /** Drops a send still waiting for its delay. */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #send(): void {
    this.#timer = undefined;
    this.#fire();
  }
}
