import type { MediaTypeObject } from "../openapi/types.js";
import { chooseMediaType, essence } from "./media.js";

/**
 * How a streamed response is read: events of `text/event-stream`, one JSON value per line, or an
 * `application/json-seq` sequence (RFC 7464: each value after a record separator, U+001E).
 */
export type StreamKind = "events" | "json-lines" | "json-seq";

const JSON_LINES = new Set([
  "application/x-ndjson",
  "application/ndjson",
  "application/jsonl",
  "application/x-jsonlines",
  "application/jsonlines",
]);

/** The stream a response media type is, if it is one. */
export function streamKind(mediaType: string): StreamKind | undefined {
  const type = essence(mediaType);
  if (type === "text/event-stream") return "events";
  if (type === "application/json-seq") return "json-seq";
  return JSON_LINES.has(type) ? "json-lines" : undefined;
}

/**
 * The key of the schema of one item of a stream: OpenAPI 3.2's `itemSchema` when present, else the
 * media type's `schema`.
 */
export function streamItemKey(media: MediaTypeObject): "itemSchema" | "schema" {
  return media.itemSchema !== undefined ? "itemSchema" : "schema";
}

/**
 * The media types of one response a client reads: `read`, what a plain call reads (a stream only
 * when nothing else is offered), and `stream`, a stream offered beside it (OpenAI's chat
 * completions answer `application/json` or `text/event-stream`, its speech `audio/mpeg` or
 * `text/event-stream`), which the operation's second method reads.
 */
export function responseReadings(mediaTypes: readonly string[]): {
  read?: string;
  stream?: string;
} {
  // Most responses offer one media type: it is read, stream or not.
  if (mediaTypes.length === 1) return { read: mediaTypes[0]! };
  const streams = mediaTypes.filter((mediaType) => streamKind(mediaType) !== undefined);
  if (streams.length === mediaTypes.length) {
    const read = chooseMediaType(streams, "response");
    return read === undefined ? {} : { read };
  }
  const read = chooseMediaType(
    mediaTypes.filter((mediaType) => streamKind(mediaType) === undefined),
    "response",
  )!;
  const stream = chooseMediaType(streams, "response");
  return stream === undefined ? { read } : { read, stream };
}
