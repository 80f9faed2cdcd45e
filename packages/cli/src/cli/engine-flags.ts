import type { CliCommand, UsageError } from "./command.js";
import { isUsageError } from "./parse-argv.js";

/**
 * The V8 flags the `kit` process sets for a command before running it. A one-off
 * `kit generate` lasts a second or a few: the optimizing compiler (TurboFan) spends more CPU
 * compiling the generator's functions on background threads than its code saves in such a run,
 * so it is left off (GitHub's document: 1.74 → 1.07 s CPU, 1.19 → 0.95 s wall; Microsoft
 * Graph's: 7.3 → 5.3 s CPU, 4.9 → 4.5 s wall; docs/performance.md). Watch mode and the mock
 * server run for long and keep it. Only the `kit` process sets flags: code that imports Kit runs
 * as its own process was started.
 */
export function engineFlags(command: CliCommand | UsageError): string[] {
  if (isUsageError(command)) return [];
  return command.command === "generate" && !command.watch ? ["--no-opt"] : [];
}
