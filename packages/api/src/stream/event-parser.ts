import type { KitServerSentEvent } from "./types.js";

/**
 * The shortest reconnection time a server's `retry` can set: `retry: 0` reconnected to a stream
 * that closes at once hundreds of times a second.
 */
export const MIN_RETRY = 100;
/** The longest delay timers keep (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_DELAY = 2 ** 31 - 1;

/**
 * The HTML standard's event stream interpretation, one line at a time: fields accumulate until a
 * blank line dispatches an event. Comments, unknown fields, a `retry` that is not all digits and an
 * `id` containing NUL are ignored, as the standard says.
 */
export class EventParser {
  /** The last event ID; it outlives events and is sent back as `Last-Event-ID` on reconnect. */
  lastEventId = "";
  /**
   * The reconnection time set by the last valid `retry` field, in milliseconds, clamped to
   * `MIN_RETRY`…`MAX_DELAY`.
   */
  reconnectionTime: number | undefined;
  #data: string[] = [];
  #type = "";
  #retry: number | undefined;

  /** The event a blank `line` dispatches, else `undefined`. */
  line(line: string): KitServerSentEvent | undefined {
    if (line === "") return this.#dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "event":
        this.#type = value;
        break;
      case "data":
        this.#data.push(value);
        break;
      case "id":
        if (!value.includes("\0")) this.lastEventId = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) {
          this.#retry = Number(value);
          this.reconnectionTime = Math.min(Math.max(this.#retry, MIN_RETRY), MAX_DELAY);
        }
        break;
    }
    return undefined;
  }

  /** Forgets a half-received event; the standard discards it when the stream ends. */
  reset(): void {
    this.#data = [];
    this.#type = "";
    this.#retry = undefined;
  }

  #dispatch(): KitServerSentEvent | undefined {
    const data = this.#data;
    const event = this.#type || "message";
    const retry = this.#retry;
    this.reset();
    if (data.length === 0) return undefined;
    const text = data.join("\n");
    return { event, data: parseData(text), text, id: this.lastEventId, retry };
  }
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
