/**
 * Splits decoded text into lines as it arrives, ending a line at CRLF, LF or CR (the HTML
 * standard's rule for event streams, and a superset of NDJSON's). A CR at the end of one chunk
 * and an LF at the start of the next are one line end.
 */
export class LineSplitter {
  #pending = "";
  #afterCR = false;

  /** The lines completed by `text`; an unfinished last line waits for the next chunk. */
  push(text: string): string[] {
    if (text === "") return [];
    let chunk = text;
    if (this.#afterCR && chunk.startsWith("\n")) chunk = chunk.slice(1);
    const joined = this.#pending + chunk;
    const parts = joined.split(/\r\n|\r|\n/);
    this.#pending = parts.pop()!;
    this.#afterCR = joined.endsWith("\r");
    return parts;
  }

  /** The unfinished last line at the end of the stream, if any. */
  end(): string | undefined {
    const rest = this.#pending;
    this.#pending = "";
    return rest === "" ? undefined : rest;
  }
}
