import { KitResponseError } from "../core/errors.js";
import { messages } from "../core/messages.js";
import type { AnyKitMethod, KitMethodOf } from "../core/method.js";
import { connect } from "./connect.js";
import { readLines } from "./read-lines.js";
import { targetOf } from "./target.js";
import type { KitJsonLines } from "./types.js";

const RECORD_SEPARATOR = "\u001e";

export interface KitJsonLinesOptions {
  /** Ends the stream: the connection closes and the loop over it finishes without an error. */
  signal?: AbortSignal;
}

/**
 * Reads an `application/x-ndjson` / `application/jsonl` method as its values, one JSON value per
 * line, as they arrive; an `application/json-seq` one too, its records one per line (each line's
 * leading record separator is dropped). Blank lines are skipped; a line that is not JSON throws a
 * `KitResponseError` (`KIT_INVALID_JSON`) whose `body` is that line. Leaving the loop or aborting
 * `options.signal` closes the connection.
 */
export async function* jsonLines<Item>(
  method: KitMethodOf<KitJsonLines<Item>>,
  options: KitJsonLinesOptions = {},
): AsyncGenerator<Item, void, undefined> {
  const { signal } = options;
  const connection = new AbortController();
  const close = () => connection.abort();
  if (signal?.aborted) return;
  signal?.addEventListener("abort", close);
  try {
    const headers = { Accept: "application/x-ndjson, application/jsonl, application/json-seq" };
    let result: Awaited<ReturnType<typeof connect>>;
    try {
      result = await connect(method, headers, connection.signal);
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
    if (result.status === 204) return;
    for await (const line of readLines(result.data, connection.signal, true)) {
      // An application/json-seq record starts with a record separator (RFC 7464).
      const text = line.startsWith(RECORD_SEPARATOR) ? line.slice(1) : line;
      if (text.trim() === "") continue;
      yield parseLine(method, text, result.status) as Item;
    }
  } finally {
    signal?.removeEventListener("abort", close);
    close();
  }
}

function parseLine(method: AnyKitMethod, line: string, status: number): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    const target = targetOf(method);
    const message = messages.KIT_INVALID_JSON(target.method, target.url, "");
    throw new KitResponseError(target, { code: "KIT_INVALID_JSON", message, status }, line, error);
  }
}
