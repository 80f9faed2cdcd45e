import { isKitGenerateError } from "../errors.js";
import type { CliIo, ExitCode } from "./io.js";

/** One line by default; the stack only with `verbose`. Kit errors carry their exit code. */
export function reportFailure(error: unknown, io: CliIo, verbose: boolean): ExitCode {
  io.stderr(`kit: ${failureMessage(error)}`);
  if (verbose && error instanceof Error && error.stack) {
    for (const line of error.stack.split("\n")) io.stderr(line);
  }
  return isKitGenerateError(error) ? error.exitCode : 1;
}

export function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, " ");
}

/** The exit code of several runs: the worst of them. */
export function worstExitCode(left: ExitCode, right: ExitCode): ExitCode {
  return Math.max(left, right) as ExitCode;
}
