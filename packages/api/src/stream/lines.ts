/**
 * Splits decoded text into lines as it arrives, ending a line at CRLF, LF or CR (the HTML
 * standard's rule for event streams, and a superset of NDJSON's). A CR at the end of one chunk
 * and an LF at the start of the next are one line end. Each chunk is scanned once and an
 * unfinished line is kept as its pieces, joined when it ends: joining the unfinished line to every
 * chunk and splitting again scanned it once per chunk, time quadratic in the line's length.
 */
export class LineSplitter {
  #pending: string[] = [];
  #afterCR = false;

  /** The lines completed by `text`; an unfinished last line waits for the next chunk. */
  push(text: string): string[] {
    if (text === "") return [];
    const lines: string[] = [];
    let from = this.#afterCR && text.charCodeAt(0) === 10 ? 1 : 0;
    const ends = /\r\n|\r|\n/g;
    ends.lastIndex = from;
    for (let end = ends.exec(text); end !== null; end = ends.exec(text)) {
      this.#pending.push(text.slice(from, end.index));
      lines.push(this.#pending.join(""));
      this.#pending = [];
      from = end.index + end[0].length;
    }
    if (from < text.length) this.#pending.push(text.slice(from));
    this.#afterCR = text.endsWith("\r");
    return lines;
  }

  /** The unfinished last line at the end of the stream, if any. */
  end(): string | undefined {
    const rest = this.#pending.join("");
    this.#pending = [];
    return rest === "" ? undefined : rest;
  }
}
