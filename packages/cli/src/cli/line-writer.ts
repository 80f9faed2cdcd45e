/**
 * Writes lines to a standard stream. When the reader has gone (`kit --help | head -1` closes the
 * pipe: EPIPE), later lines are dropped instead of crashing the process, so the exit code still
 * tells how generation went.
 */
export function lineWriter(stream: NodeJS.WritableStream): (line: string) => void {
  let closed = false;
  stream.on("error", () => {
    closed = true;
  });
  return (line) => {
    if (!closed) stream.write(`${line}\n`);
  };
}
