import {
  KitAbortError,
  KitNetworkError,
  KitResponseError,
  KitTimeoutError,
} from "../core/errors.js";
import type { AnyKitMethod, KitMethodOf } from "../core/method.js";
import type { KitResult } from "../core/result.js";
import { connect } from "./connect.js";
import { EventParser, MAX_DELAY } from "./event-parser.js";
import { streamMessages } from "./messages.js";
import { readLines } from "./read-lines.js";
import { targetOf } from "./target.js";
import type { KitByteStream, KitServerSentEvent, KitServerSentEvents } from "./types.js";

export interface KitEventStreamOptions {
  /** Ends the stream: the connection closes and the loop over it finishes without an error. */
  signal?: AbortSignal;
  /** Milliseconds to wait before reconnecting until the server sends `retry`; default 3000. */
  retry?: number;
  /**
   * Reconnections in a row without an event in between before giving up; default unlimited, as
   * in browsers. Giving up ends the loop, or throws the error of the last attempt if it failed.
   */
  maxReconnects?: number;
  /** The `Last-Event-ID` of the first connection, to resume a stream read before. */
  lastEventId?: string;
  /**
   * Whether a connection that ends or fails is made again. Default: yes for the methods a second
   * send does not repeat in effect (GET, HEAD, OPTIONS, PUT, DELETE), as in browsers; no for POST
   * and PATCH, where it would send the request again (a second chat completion, billed again):
   * their stream ends when the connection does, and a failure is thrown. `true` reconnects them
   * too, sending `Last-Event-ID`, for servers that resume a stream by it.
   */
  reconnect?: boolean;
  /** Called each time a connection opens: its response arrived as an event stream. */
  onOpen?: () => void;
}

/**
 * Methods whose repetition has the effect of one request (RFC 9110, 9.2.2), and QUERY, which the
 * HTTP QUERY method draft defines as safe and idempotent.
 */
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "QUERY"]);

/**
 * Reads a `text/event-stream` method as its events, per the HTML standard: when the connection
 * ends or fails it reconnects after the reconnection time (the server's `retry`, else
 * `options.retry`), sending the last event ID as `Last-Event-ID`; a POST or PATCH only when
 * `options.reconnect` says so. HTTP 204 ends the stream, and an
 * HTTP error or another media type is thrown, as `EventSource` fails on them. Leaving the loop or
 * aborting `options.signal` closes the connection.
 */
export async function* eventStream<Data>(
  method: KitMethodOf<KitServerSentEvents<Data>>,
  options: KitEventStreamOptions = {},
): AsyncGenerator<KitServerSentEvent<Data>, void, undefined> {
  const { signal } = options;
  const parser = new EventParser();
  parser.lastEventId = options.lastEventId ?? "";
  const reconnects = options.reconnect ?? IDEMPOTENT.has(targetOf(method).method);
  const maxReconnects = reconnects ? (options.maxReconnects ?? Number.POSITIVE_INFINITY) : 0;
  const retry = Math.min(options.retry ?? 3000, MAX_DELAY);
  let quiet = 0;
  while (!signal?.aborted) {
    const connection = new AbortController();
    const close = () => connection.abort();
    signal?.addEventListener("abort", close);
    let failure: unknown;
    try {
      const headers: Record<string, string> = {
        Accept: "text/event-stream",
        "Cache-Control": "no-cache",
      };
      if (parser.lastEventId !== "") headers["Last-Event-ID"] = parser.lastEventId;
      let result: KitResult<unknown, KitByteStream> | undefined;
      try {
        result = await connect(method, headers, connection.signal);
      } catch (error) {
        if (error instanceof KitAbortError) return;
        if (!(error instanceof KitNetworkError || error instanceof KitTimeoutError)) throw error;
        failure = error;
      }
      if (result?.status === 204) return;
      if (result) {
        checkEventStream(method, result);
        options.onOpen?.();
        try {
          for await (const line of readLines(result.data, connection.signal, false)) {
            const event = parser.line(line);
            if (event === undefined) continue;
            quiet = 0;
            yield event as KitServerSentEvent<Data>;
          }
        } catch (error) {
          // The connection broke mid-stream: reconnect, as after a close.
          failure = error;
        }
        parser.reset();
      }
    } finally {
      signal?.removeEventListener("abort", close);
      close();
    }
    if (signal?.aborted) return;
    if (++quiet > maxReconnects) {
      if (failure !== undefined) throw failure;
      return;
    }
    await sleep(parser.reconnectionTime ?? retry, signal);
  }
}

/**
 * The standard fails a connection whose media type is not an event stream; the caller's cleanup
 * then closes it.
 */
function checkEventStream(method: AnyKitMethod, result: KitResult<unknown, KitByteStream>): void {
  const got = String(result.headers["content-type"] ?? "");
  if (/^\s*text\/event-stream\s*(;|$)/i.test(got)) return;
  const target = targetOf(method);
  const expected = "text/event-stream";
  const message = streamMessages.KIT_STREAM_CONTENT_TYPE(target.method, target.url, expected, got);
  const details = { code: "KIT_STREAM_CONTENT_TYPE", message, status: result.status } as const;
  throw new KitResponseError(target, details, got);
}

/** Waits `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done);
  });
}
