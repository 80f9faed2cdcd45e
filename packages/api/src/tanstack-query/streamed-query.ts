import type { DataTag } from "@tanstack/query-core";
import type { KitMethodOf } from "../core/method.js";
import type { KitMethodError } from "../core/method-errors.js";
import { type KitQueryKey, kitQueryKey } from "../frameworks/method-key.js";
import { eventStream } from "../stream/event-stream.js";
import type { KitServerSentEvent, KitServerSentEvents } from "../stream/types.js";
import type { KitQueryOptions } from "./query-options.js";

/** The type of each event's `data` of a stream method. */
export type KitEventData<M> = M extends KitMethodOf<KitServerSentEvents<infer Data>> ? Data : never;

export interface KitStreamedQueryOptions {
  /** Keep only the latest this many events. Default: all of them. */
  readonly limit?: number;
}

/** What the query function of a streamed query needs of TanStack's context. */
interface StreamContext {
  readonly signal: AbortSignal;
  readonly queryKey: readonly unknown[];
  readonly client: { setQueryData(queryKey: readonly unknown[], data: unknown): unknown };
}

/**
 * Query options for a `text/event-stream` method: the query's data is the list of events so far,
 * updated as each arrives (as TanStack's `streamedQuery` does: the query turns `success` with
 * the first event and stays fetching while the stream is open; a refetch starts the list again).
 * Reconnection follows `eventStream`; cancelling the query, or its last observer unmounting,
 * closes the connection.
 */
export function kitStreamedQueryOptions<M extends KitMethodOf<KitServerSentEvents<unknown>>>(
  method: M,
  options: KitStreamedQueryOptions = {},
): KitQueryOptions<KitServerSentEvent<KitEventData<M>>[], KitMethodError<M>> {
  type Event = KitServerSentEvent<KitEventData<M>>;
  const limit = options.limit;
  const queryFn = async ({ signal, queryKey, client }: StreamContext): Promise<Event[]> => {
    let events: Event[] = [];
    client.setQueryData(queryKey, events);
    for await (const event of eventStream(method, { signal })) {
      events = [...events, event as Event];
      if (limit !== undefined && events.length > limit) events = events.slice(-limit);
      client.setQueryData(queryKey, events);
    }
    return events;
  };
  return {
    queryKey: kitQueryKey(method) as DataTag<KitQueryKey, Event[], KitMethodError<M>>,
    queryFn: queryFn as KitQueryOptions<Event[], KitMethodError<M>>["queryFn"],
  };
}
