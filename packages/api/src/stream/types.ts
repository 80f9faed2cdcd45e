declare const streamItem: unique symbol;

/**
 * A response body read as it arrives: a web `ReadableStream` from the fetch adapter, a Node
 * stream (an async iterable of `Buffer`s) from the http adapter.
 */
export type KitByteStream = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * The `data` of an API method whose response is `text/event-stream`; read it with `eventStream`.
 * `Data` is the type of each event's parsed `data`.
 */
export type KitServerSentEvents<Data = unknown> = KitByteStream & {
  readonly [streamItem]?: { readonly events: Data };
};

/**
 * The `data` of an API method whose response is `application/x-ndjson` or `application/jsonl`;
 * read it with `jsonLines`. `Item` is the type of each line's value.
 */
export type KitJsonLines<Item = unknown> = KitByteStream & {
  readonly [streamItem]?: { readonly lines: Item };
};

/** One event of a `text/event-stream`, as the HTML standard dispatches it. */
export interface KitServerSentEvent<Data = unknown> {
  /** The `event` field, `"message"` when the event has none. */
  readonly event: string;
  /** The `data` field parsed as JSON when it is valid JSON, else the text itself. */
  readonly data: Data;
  /** The `data` field as received: its lines joined with `\n`. */
  readonly text: string;
  /** The last event ID: this event's `id` field, else the one before it (`""` when none yet). */
  readonly id: string;
  /** The `retry` field of this event, in milliseconds, when it had a valid one. */
  readonly retry: number | undefined;
}
