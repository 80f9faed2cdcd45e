/**
 * What a `--watch` run keeps open: each watcher's close, and the timers of its debounced
 * actions. `close()` releases all of them once.
 */
export class Watchers {
  readonly #closers: (() => void)[] = [];
  readonly #debounceMs: number;

  constructor(debounceMs: number) {
    this.#debounceMs = debounceMs;
  }

  add(close: () => void): void {
    this.#closers.push(close);
  }

  /** `action`, run once after a burst of calls has been quiet for the debounce time. */
  debounced(action: () => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    this.#closers.push(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      timer = setTimeout(action, this.#debounceMs);
    };
  }

  close(): void {
    for (const close of this.#closers.splice(0)) close();
  }
}
