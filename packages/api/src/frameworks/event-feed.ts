import type { KitMethodOf } from "../core/method.js";
import type { KitMethodError } from "../core/method-errors.js";
import { eventStream, type KitEventStreamOptions } from "../stream/event-stream.js";
import type { KitServerSentEvent, KitServerSentEvents } from "../stream/types.js";
import { checkWhole } from "./options.js";
import type { KitFactoryArgs } from "./types.js";

/** What the event feed strategies take: a function that builds a `text/event-stream` method. */
export type KitEventFactory = (...args: never) => KitMethodOf<KitServerSentEvents<unknown>>;

/** The type of each event's `data` of the stream a factory builds. */
export type KitFactoryEvent<F> = F extends (
  ...args: never
) => KitMethodOf<KitServerSentEvents<infer Data>>
  ? KitServerSentEvent<Data>
  : never;

/**
 * `connecting` until the server answers, `open` while it streams, `closed` after `close()` or
 * when the server ended the stream for good (HTTP 204, or `maxReconnects` without an event),
 * `error` when it failed (an HTTP error, another media type). Between two connections of one
 * stream (a reconnect), the status stays as it was.
 */
export type KitFeedStatus = "idle" | "connecting" | "open" | "closed" | "error";

export interface KitEventFeedState<Event, E> {
  /** The events kept, oldest first: the last `limit` that passed `filter`. */
  readonly events: readonly Event[];
  readonly latest: Event | undefined;
  readonly status: KitFeedStatus;
  readonly error: E | undefined;
}

export type KitFactoryFeedState<F> = KitEventFeedState<KitFactoryEvent<F>, KitMethodError<F>>;

export interface KitEventFeedOptions<F>
  extends Pick<KitEventStreamOptions, "retry" | "maxReconnects" | "lastEventId" | "reconnect"> {
  /** Open the stream when set up or mounted, calling the factory without arguments. Default `true`. */
  readonly immediate?: boolean;
  /** How many events to keep, the latest ones; a whole number of at least 1. Default 100. */
  readonly limit?: number;
  /** Keep only the events for which it returns true. */
  readonly filter?: (event: KitFactoryEvent<F>) => boolean;
}

export interface KitEventFeedActions<F> {
  /** Opens the stream with these arguments, closing the one open; the event list starts empty. */
  readonly open: (...args: KitFactoryArgs<F>) => void;
  /** Closes the stream; `status` becomes `closed`. The events stay. */
  readonly close: () => void;
}

/** The framework-neutral event feed: a reactive list of a stream's latest events. */
export class EventFeedCore<F extends KitEventFactory> {
  readonly #factory: () => F;
  readonly #options: () => KitEventFeedOptions<F>;
  readonly #listeners = new Set<() => void>();
  #connection: AbortController | undefined;
  #state: KitFactoryFeedState<F> = {
    events: [],
    latest: undefined,
    status: "idle",
    error: undefined,
  };

  constructor(where: string, factory: () => F, options: () => KitEventFeedOptions<F>) {
    checkWhole(`${where}({ limit })`, options().limit, 1);
    this.#factory = factory;
    this.#options = options;
  }

  get state(): KitFactoryFeedState<F> {
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  start(): void {
    if (this.#options().immediate ?? true) (this.open as () => void)();
  }

  /** The component went away: the connection closes without a change of state. */
  stop(): void {
    this.#connection?.abort();
    this.#connection = undefined;
  }

  open = (...args: KitFactoryArgs<F>): void => {
    this.stop();
    const connection = new AbortController();
    this.#connection = connection;
    const current = () => this.#connection === connection;
    const options = this.#options();
    const method = (this.#factory() as unknown as (...args: unknown[]) => ReturnType<F>)(...args);
    this.#update({ events: [], latest: undefined, status: "connecting", error: undefined });
    void (async () => {
      try {
        const stream = eventStream(method, {
          retry: options.retry,
          maxReconnects: options.maxReconnects,
          lastEventId: options.lastEventId,
          reconnect: options.reconnect,
          signal: connection.signal,
          onOpen: () => {
            if (current()) this.#update({ status: "open" });
          },
        });
        for await (const received of stream) {
          if (!current()) return;
          const event = received as KitFactoryEvent<F>;
          const { filter, limit = 100 } = this.#options();
          if (filter && !filter(event)) continue;
          const kept = [...this.#state.events, event];
          this.#update({ events: kept.length > limit ? kept.slice(-limit) : kept, latest: event });
        }
        if (current()) this.#update({ status: "closed" });
      } catch (error) {
        if (current()) this.#update({ status: "error", error: error as KitMethodError<F> });
      }
    })();
  };

  close = (): void => {
    if (!this.#connection) return;
    this.stop();
    this.#update({ status: "closed" });
  };

  #update(change: Partial<KitFactoryFeedState<F>>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}
