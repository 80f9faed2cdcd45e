import type { CliIo } from "../../src/cli/io.js";

/** A CliIo that keeps the lines it is given. */
export function captureIo(cwd: string): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { cwd, out, err, stdout: (line) => out.push(line), stderr: (line) => err.push(line) };
}
