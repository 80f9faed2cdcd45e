import { isKitGenerateError } from "../errors.js";
import type { CliCommand } from "./command.js";
import { parseArgv } from "./parse-argv.js";

/**
 * The V8 flags the `kit` process sets for `kit generate` before running it: on Node 20's V8 (11.x)
 * an 8× interrupt budget, because the optimizing compiler's work on a run of a few seconds never
 * pays back (docs/performance.md). Later V8s lack the flag, and their nearest one
 * (`--invocation-count-for-turbofan`) did not save on both benchmark documents on Node 24.
 */
export function engineFlags(
  argv: readonly string[],
  v8Version: string = process.versions.v8,
): string[] {
  if (commandOf(argv)?.command !== "generate") return [];
  return v8Version.startsWith("11.") ? ["--interrupt-budget=540672"] : [];
}

/** The command, or undefined for a command line that cannot run (`runCli` reports it). */
function commandOf(argv: readonly string[]): CliCommand | undefined {
  try {
    return parseArgv(argv);
  } catch (error) {
    if (isKitGenerateError(error)) return undefined;
    throw error;
  }
}
