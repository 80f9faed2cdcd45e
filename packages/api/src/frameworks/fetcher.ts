import type { KitRequestError } from "../core/errors.js";
import type { KitMethodOf } from "../core/method.js";
import type { KitMethodError } from "../core/method-errors.js";
import type { KitResult } from "../core/result.js";
import { methodKey } from "./method-key.js";
import { mountedUnder } from "./mounted.js";
import type { KitSendOutcome } from "./types.js";

/** What a fetcher shows: whether any of its sends is in flight, and the last one's error. */
export interface KitFetcherState {
  readonly loading: boolean;
  readonly error: KitRequestError | undefined;
}

/** The data type of a `KitMethod`. */
type DataOf<M> = M extends KitMethodOf<infer T> ? T : never;

export interface KitFetcherActions {
  /**
   * Sends `method` without showing its data anywhere: with the `cache` plugin its answer is
   * stored, so the page that shows it next is answered at once (`fromCache`). Never rejects.
   */
  readonly prefetch: <M extends KitMethodOf<unknown>>(
    method: M,
  ) => Promise<KitSendOutcome<DataOf<M>, KitMethodError<M>>>;
  /**
   * Sends again every mounted request and page list showing an API object's, an API method's or
   * one call's data (`refresh(petApi.findPetsByStatus)`); resolves how many there were, once
   * their sends have settled.
   */
  readonly refresh: (target: object) => Promise<number>;
}

/** The framework-neutral fetcher: sends without state of its own besides loading and error. */
export class FetcherCore {
  readonly #listeners = new Set<() => void>();
  readonly #inFlight = new Set<AbortController>();
  #state: KitFetcherState = { loading: false, error: undefined };

  get state(): KitFetcherState {
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  prefetch = async <M extends KitMethodOf<unknown>>(
    method: M,
  ): Promise<KitSendOutcome<DataOf<M>, KitMethodError<M>>> => {
    const controller = new AbortController();
    this.#inFlight.add(controller);
    this.#update({ loading: true, error: undefined });
    try {
      const result = (await method.sendWith({ signal: controller.signal })) as KitResult<
        unknown,
        DataOf<M>
      >;
      return { ok: true, data: result.data, result, error: undefined };
    } catch (error) {
      if (!controller.signal.aborted) this.#update({ error: error as KitRequestError });
      return { ok: false, data: undefined, result: undefined, error: error as KitMethodError<M> };
    } finally {
      this.#inFlight.delete(controller);
      if (!controller.signal.aborted) this.#update({ loading: this.#inFlight.size > 0 });
    }
  };

  refresh = async (target: object): Promise<number> => {
    const requests = mountedUnder(methodKey(target, "useKitFetcher().refresh()"));
    await Promise.all(requests.map((request) => request.refresh()));
    return requests.length;
  };

  /** The component went away: prefetches still in flight are aborted. */
  stop(): void {
    for (const controller of this.#inFlight) controller.abort();
    this.#inFlight.clear();
  }

  #update(change: Partial<KitFetcherState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}
