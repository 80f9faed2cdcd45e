import { readChunks } from "./byte-stream.js";
import { LineSplitter } from "./lines.js";
import type { KitByteStream } from "./types.js";

/**
 * The lines of a UTF-8 body as they arrive (a byte order mark is dropped, as both formats say).
 * `signal` is the connection's: its owner aborts it once done, which stops the body and ends the
 * lines quietly; a body that fails otherwise throws. The body is cancelled only after that abort,
 * because cancelling axios's fetch stream first detaches it from the signal and leaves the
 * connection open. `unterminated` also yields a last line that has no line end.
 */
export async function* readLines(
  body: KitByteStream,
  signal: AbortSignal,
  unterminated: boolean,
): AsyncGenerator<string, void, undefined> {
  const reader = readChunks(body);
  const stop = () => reader.cancel();
  if (signal.aborted) stop();
  signal.addEventListener("abort", stop);
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  try {
    for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
      yield* lines.push(decoder.decode(chunk, { stream: true }));
    }
    yield* lines.push(decoder.decode());
    const last = lines.end();
    if (unterminated && last !== undefined) yield last;
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}
