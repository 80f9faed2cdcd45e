const noop = (): void => {};

/** What listens to a cheap abort source (this handle, a `Deadline`), as to an `AbortSignal`. */
export type AbortListener<Source> = (this: Source, event: { type: "abort" }) => void;

/** The reason of an abort given none, as `AbortController.abort()` makes it. */
export function defaultAbortReason(): DOMException {
  return new DOMException("This operation was aborted", "AbortError");
}

/** `removeEventListener` of a cheap abort source's listener list. */
export function removeAbortListener<Source>(
  listeners: AbortListener<Source>[] | undefined,
  listener: AbortListener<Source>,
): void {
  const index = listeners?.indexOf(listener) ?? -1;
  if (index >= 0) listeners!.splice(index, 1);
}

/** Tells each listener of a list taken from a source that has just aborted, the source as `this`. */
export function dispatchAbort<Source>(
  source: Source,
  listeners: readonly AbortListener<Source>[] | undefined,
): void {
  for (const listener of listeners ?? []) listener.call(source, { type: "abort" });
}

/**
 * The abort state of one send. Node builds an `AbortSignal` slowly (an EventTarget, several µs),
 * which would be most of the runtime's cost per send, so each send gets this cheap handle instead:
 * axios listens to it directly, and a real `AbortSignal` is made only when a plugin asks for one.
 */
export class SendAbort {
  aborted = false;
  reason: unknown;
  // Made on first use: on most sends nothing listens to the handle itself.
  #listeners: AbortListener<SendAbort>[] | undefined;
  #signal: AbortSignal | undefined;

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? defaultAbortReason();
    const listeners = this.#listeners;
    this.#listeners = undefined;
    dispatchAbort(this, listeners);
  }

  addEventListener(_type: "abort", listener: AbortListener<SendAbort>): void {
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: AbortListener<SendAbort>): void {
    removeAbortListener(this.#listeners, listener);
  }

  /**
   * Aborts this handle when `signal` aborts (at once if it already has); returns the function that
   * stops following, so a long-lived signal does not keep finished sends alive.
   */
  follow(signal: AbortSignal | undefined): () => void {
    if (!signal) return noop;
    if (signal.aborted) {
      this.abort(signal.reason);
      return noop;
    }
    const onAbort = (): void => this.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    return () => signal.removeEventListener("abort", onAbort);
  }

  /** A real `AbortSignal` that follows this handle, made on first use. */
  get signal(): AbortSignal {
    if (!this.#signal) {
      const controller = new AbortController();
      if (this.aborted) controller.abort(this.reason);
      else this.addEventListener("abort", () => controller.abort(this.reason));
      this.#signal = controller.signal;
    }
    return this.#signal;
  }
}
