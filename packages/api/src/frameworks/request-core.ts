import { KitBusinessError } from "../core/errors.js";
import type { KitResult } from "../core/result.js";
import { AutoRefresh, type KitAutoRefreshOptions } from "./auto-refresh.js";
import { onServer } from "./environment.js";
import { kitQueryKey } from "./method-key.js";
import { mount } from "./mounted.js";
import { checkDelay } from "./options.js";
import type {
  KitEnvelopeFields,
  KitFactoryArgs,
  KitFactoryData,
  KitFactoryEnvelope,
  KitFactoryError,
  KitFactoryOutcome,
  KitMethodFactory,
  KitSendOutcome,
} from "./types.js";
import { type KitWatchTiming, WatchTiming } from "./watch-timing.js";

/** What a request shows; `error` is `undefined` while there is none. */
export interface KitRequestState<T, E, Envelope = unknown> extends KitEnvelopeFields<Envelope> {
  readonly data: T | undefined;
  readonly error: E | undefined;
  readonly loading: boolean;
}

/** The state type of a factory's request. */
export type KitFactoryState<F> = KitRequestState<
  KitFactoryData<F>,
  KitFactoryError<F>,
  KitFactoryEnvelope<F>
>;

/** Called after each send that is still current (not replaced, not ended by unmounting). */
export interface KitRequestCallbacks<F> {
  readonly onSuccess?: (
    data: KitFactoryData<F>,
    result: KitResult<KitFactoryEnvelope<F>, KitFactoryData<F>>,
  ) => void;
  readonly onError?: (error: KitFactoryError<F>) => void;
  /** After `onSuccess` or `onError`. */
  readonly onFinish?: (outcome: KitFactoryOutcome<F>) => void;
}

/** Options every request strategy takes, in Vue and React alike. */
export interface KitRequestOptions<F>
  extends KitRequestCallbacks<F>,
    KitWatchTiming,
    KitAutoRefreshOptions {
  /** Send when set up (Vue) or mounted (React), calling the factory without arguments. Default `true`. */
  readonly immediate?: boolean;
  /** `data` before the first answer. */
  readonly initialData?: KitFactoryData<F>;
  /**
   * Keep showing the last data while a new send loads (stale-while-revalidate display).
   * Default `true`; `false` clears `data` when a send starts.
   */
  readonly keepData?: boolean;
}

/** What the request strategies return besides their state. */
export interface KitRequestActions<F> {
  /**
   * Sends with these arguments (later automatic sends reuse them), replacing the send in flight.
   * Resolves `{ ok: true, data }` or `{ ok: false, error }`; never rejects. A replaced send
   * resolves its `KitAbortError` without showing it. It sends even while `enabled` is false.
   */
  readonly send: (...args: KitFactoryArgs<F>) => Promise<KitFactoryOutcome<F>>;
  /** Aborts the send in flight; `error` becomes its `KitAbortError`. */
  readonly abort: (reason?: unknown) => void;
}

interface Attempt {
  readonly controller: AbortController;
  /** Set when the attempt was replaced or its owner went away: its outcome is no one's business. */
  dropped: boolean;
}

/** @internal What a strategy built on a request (pagination) hears of each current success. */
export type Loaded<F> = (data: KitFactoryData<F>, args: KitFactoryArgs<F>) => void;

/**
 * The framework-neutral request: one send at a time, each replacing the one in flight. A replaced
 * send and a send whose owner went away are aborted and leave no trace in the state; only
 * `abort()` by the user shows its `KitAbortError` as `error`. Automatic sends (immediate, watched
 * changes, polling, refresh events) wait while the request is not enabled; explicit sends do not.
 * Adapters mirror `state` into their framework on every `subscribe` call.
 */
export class RequestCore<F extends KitMethodFactory> {
  readonly #factory: () => F;
  readonly #options: () => KitRequestOptions<F>;
  readonly #loaded: Loaded<F> | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #timing: WatchTiming;
  readonly #refresh: AutoRefresh;
  #state: KitFactoryState<F>;
  #current: Attempt | undefined;
  #lastArgs = [] as unknown as KitFactoryArgs<F>;
  #enabled = true;
  /** An automatic send was asked for while not enabled. */
  #pending = false;
  /** The key of the method last sent, for `useKitFetcher`'s `refresh`. */
  #key: readonly unknown[] | undefined;
  #unmount: (() => void) | undefined;

  /**
   * `factory` and `options` are read at each use, so React can hand in the latest render's.
   * `where` names the strategy in option errors; `enabled` is the first `setEnabled`.
   */
  constructor(setup: {
    readonly where: string;
    readonly factory: () => F;
    readonly options: () => KitRequestOptions<F>;
    readonly enabled: boolean;
    readonly loaded?: Loaded<F>;
    /** What automatic sends pass the factory until an explicit send passes others. */
    readonly args?: KitFactoryArgs<F>;
  }) {
    const { where, factory, options, loaded } = setup;
    const initial = options();
    for (const key of ["debounce", "throttle", "polling"] as const) {
      checkDelay(`${where}({ ${key} })`, initial[key]);
    }
    this.#factory = factory;
    this.#options = options;
    this.#loaded = loaded;
    this.#enabled = setup.enabled;
    if (setup.args) this.#lastArgs = setup.args;
    this.#timing = new WatchTiming(() => this.auto(), options);
    this.#refresh = new AutoRefresh(options, () => {
      if (!this.#current) this.auto();
    });
    this.#state = {
      data: initial.initialData,
      error: undefined,
      loading: (initial.immediate ?? true) && this.#enabled,
      code: undefined,
      message: undefined,
    };
  }

  get state(): KitFactoryState<F> {
    return this.#state;
  }

  /** Calls `listener` after every change of `state`; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** The component is set up or mounted: send if `immediate`, listen to refresh events. */
  start(): void {
    this.#refresh.start();
    const core = this;
    // A server renders and forgets: listing its requests would keep them forever.
    if (!onServer())
      this.#unmount ??= mount({
        get key() {
          return core.#key;
        },
        refresh: () => this.send(...this.#lastArgs),
      });
    if (this.#options().immediate ?? true) this.auto();
    else this.#refresh.settled();
  }

  /** The component went away: abort without a trace, stop timers and listeners. */
  stop(): void {
    this.#unmount?.();
    this.#unmount = undefined;
    this.#timing.cancel();
    this.#refresh.stop();
    if (this.#drop()) this.#update({ loading: false });
  }

  /** Watched sources changed (their indices): send after their debounce or throttle. */
  changed(sources: readonly number[]): void {
    this.#timing.changed(sources);
  }

  /** Automatic sends wait while disabled; enabling sends one that waited. */
  setEnabled(enabled: boolean): void {
    this.#enabled = enabled;
    if (enabled && this.#pending) this.auto();
  }

  /** An automatic send, with `args` or the last send's arguments. */
  auto(args?: KitFactoryArgs<F>): void {
    if (args) this.#lastArgs = args;
    if (!this.#enabled) {
      this.#pending = true;
      return;
    }
    void this.send(...this.#lastArgs);
  }

  /** Shows `data` as if it had just arrived, without a request (a preloaded page). */
  show(data: KitFactoryData<F>, args: KitFactoryArgs<F>): void {
    this.#drop();
    this.#lastArgs = args;
    this.#loaded?.(data, args);
    this.#update({ data, error: undefined, loading: false });
  }

  send = async (...args: KitFactoryArgs<F>): Promise<KitFactoryOutcome<F>> => {
    this.#drop();
    this.#pending = false;
    this.#lastArgs = args;
    this.#timing.cancel();
    this.#refresh.sending();
    const attempt: Attempt = { controller: new AbortController(), dropped: false };
    this.#current = attempt;
    const keepData = this.#options().keepData ?? true;
    this.#update(
      keepData
        ? { loading: true, error: undefined }
        : { loading: true, error: undefined, data: undefined },
    );
    let outcome: KitSendOutcome<KitFactoryData<F>, KitFactoryError<F>, KitFactoryEnvelope<F>>;
    try {
      const factory = this.#factory() as unknown as (...args: KitFactoryArgs<F>) => ReturnType<F>;
      const method = factory(...args);
      this.#key = kitQueryKey(method);
      const result = (await method.sendWith({
        signal: attempt.controller.signal,
      })) as KitResult<KitFactoryEnvelope<F>, KitFactoryData<F>>;
      outcome = { ok: true, data: result.data, result, error: undefined };
    } catch (error) {
      outcome = {
        ok: false,
        data: undefined,
        result: undefined,
        error: error as KitFactoryError<F>,
      };
    }
    if (attempt.dropped) return outcome;
    this.#current = undefined;
    if (outcome.ok) {
      this.#loaded?.(outcome.data, args);
      const { code, message } = outcome.result;
      this.#update({ data: outcome.data, loading: false, code, message });
    } else {
      this.#update({ error: outcome.error, loading: false, ...envelopeOfError(outcome.error) });
    }
    this.#notify(outcome);
    this.#refresh.settled();
    return outcome;
  };

  abort = (reason?: unknown): void => {
    this.#current?.controller.abort(reason);
  };

  #notify(outcome: KitFactoryOutcome<F>): void {
    const options = this.#options();
    const call = (callback: () => void) => {
      try {
        callback();
      } catch (error) {
        // As KitMethod's own listeners: a callback's failure does not change the outcome.
        console.error(error);
      }
    };
    if (outcome.ok) call(() => options.onSuccess?.(outcome.data, outcome.result));
    else call(() => options.onError?.(outcome.error));
    call(() => options.onFinish?.(outcome));
  }

  #update(change: Partial<KitFactoryState<F>>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
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

/** A business error carries the envelope's code and message; other failures have neither. */
function envelopeOfError<Envelope>(error: unknown): KitEnvelopeFields<Envelope> {
  if (!(error instanceof KitBusinessError)) return { code: undefined, message: undefined };
  const code = error.businessCode;
  return {
    code: (typeof code === "string" || typeof code === "number"
      ? code
      : undefined) as KitEnvelopeFields<Envelope>["code"],
    message: error.message as KitEnvelopeFields<Envelope>["message"],
  };
}
