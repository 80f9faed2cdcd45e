export { eventStream, type KitEventStreamOptions } from "./event-stream.js";
export { jsonLines, type KitJsonLinesOptions } from "./json-lines.js";
export type {
  KitByteStream,
  KitJsonLines,
  KitServerSentEvent,
  KitServerSentEvents,
} from "./types.js";
