/** What the HTTP client reports (axios's progress event has these fields and more). */
interface ClientProgressEvent {
  readonly loaded: number;
  readonly total?: number | undefined;
}

/** One progress report of an upload or a download. */
export interface KitProgress {
  /** Bytes transferred so far. */
  readonly loaded: number;
  /** The body's size in bytes, when known (a `Content-Length` or a sized body). */
  readonly total: number | undefined;
  /** Bytes per second since the previous report (since the start for the first). */
  readonly rate: number;
}

export type KitProgressListener = (progress: KitProgress) => void;

/**
 * Turns axios's progress events into reports to `listener`: at most one per `interval`
 * milliseconds, always with the latest figures, delivered from a timer so the transfer never
 * waits for the listener, and a listener that throws is reported, never rethrown into it.
 */
export class ProgressReporter {
  readonly #listener: KitProgressListener;
  readonly #interval: number;
  #latest: ClientProgressEvent | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #reportedAt: number;
  #reportedLoaded = 0;

  constructor(listener: KitProgressListener, interval: number) {
    this.#listener = listener;
    this.#interval = interval;
    this.#reportedAt = Date.now();
  }

  /** What axios calls; it only records the event and schedules a report. */
  readonly onEvent = (event: ClientProgressEvent): void => {
    this.#latest = event;
    if (this.#timer !== undefined) return;
    const wait = this.#reportedAt + this.#interval - Date.now();
    this.#timer = setTimeout(() => this.flush(), Math.max(0, wait));
  };

  /** Reports the latest event now if it was not reported yet; called once the transfer settled. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const event = this.#latest;
    if (event === undefined) return;
    this.#latest = undefined;
    const now = Date.now();
    const loaded = event.loaded;
    const seconds = Math.max(now - this.#reportedAt, 1) / 1000;
    const progress: KitProgress = {
      loaded,
      total: event.total ?? undefined,
      rate: Math.max(loaded - this.#reportedLoaded, 0) / seconds,
    };
    this.#reportedAt = now;
    this.#reportedLoaded = loaded;
    try {
      this.#listener(progress);
    } catch (error) {
      console.error(error);
    }
  }
}
