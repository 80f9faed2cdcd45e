import type { KitMethodFactory } from "./types.js";

/** The state a hook or composable shows; `error` is `undefined` while there is none. */
export interface KitRequestState<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly loading: boolean;
}

/** What both `useKitRequest`s return besides the state. */
export interface KitRequestActions<Args extends readonly unknown[], T> {
  /** Sends with these arguments, aborting the send in flight; resolves the data, `undefined` on failure. */
  readonly send: (...args: Args) => Promise<T | undefined>;
  /** Aborts the send in flight; `error` becomes its `KitAbortError`. */
  readonly abort: (reason?: unknown) => void;
}

/** Options both `useKitRequest`s take. */
export interface KitRequestOptions<T> {
  /** Send when the component is set up, calling the factory without arguments. Default `true`. */
  readonly immediate?: boolean;
  /** `data` before the first response. */
  readonly initialData?: T;
}

interface Attempt {
  readonly controller: AbortController;
  /** Set when the attempt was replaced or its owner went away: its outcome is no one's business. */
  dropped: boolean;
}

/**
 * The framework-neutral part of `useKitRequest`: one request at a time, each send replacing the one
 * in flight. A replaced send and a send whose owner went away are aborted and leave no trace in the
 * state; only `abort()` by the user shows its `KitAbortError` as `error`.
 */
export class RequestRunner<Args extends readonly unknown[], T> {
  readonly #factory: KitMethodFactory<Args, T>;
  readonly #update: (change: Partial<KitRequestState<T>>) => void;
  #current: Attempt | undefined;

  constructor(
    factory: KitMethodFactory<Args, T>,
    update: (change: Partial<KitRequestState<T>>) => void,
  ) {
    this.#factory = factory;
    this.#update = update;
  }

  /** Sends; resolves the data, or `undefined` when the send failed (see `error`) or was replaced. */
  async send(...args: Args): Promise<T | undefined> {
    this.#drop();
    const attempt: Attempt = { controller: new AbortController(), dropped: false };
    this.#current = attempt;
    this.#update({ loading: true, error: undefined });
    try {
      const method = this.#factory(...args);
      const result = await method.sendWith({ signal: attempt.controller.signal });
      if (attempt.dropped) return undefined;
      this.#current = undefined;
      this.#update({ data: result.data, loading: false });
      return result.data;
    } catch (error) {
      if (attempt.dropped) return undefined;
      this.#current = undefined;
      this.#update({ error, loading: false });
      return undefined;
    }
  }

  /** Aborts the send in flight; its `KitAbortError` becomes `error`. */
  abort(reason?: unknown): void {
    this.#current?.controller.abort(reason);
  }

  /** Aborts the send in flight without a trace: the component went away or a new send replaces it. */
  dispose(): void {
    if (this.#drop()) this.#update({ loading: false });
  }

  #drop(): boolean {
    const attempt = this.#current;
    if (!attempt) return false;
    this.#current = undefined;
    attempt.dropped = true;
    attempt.controller.abort();
    return true;
  }
}
