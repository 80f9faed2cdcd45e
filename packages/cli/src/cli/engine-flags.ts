import { isKitGenerateError } from "../errors.js";
import type { CliCommand } from "./command.js";
import { parseArgv } from "./parse-argv.js";

/**
 * 8× V8's default interrupt budget (67,584): how much a function runs before the optimizing
 * compiler (TurboFan) is asked to compile it.
 */
const INTERRUPT_BUDGET = 540_672;

/**
 * Half V8's default (920): how much bytecode TurboFan inlines into one function it compiles. The
 * planner's largest functions (`readParameters`, `planSignature`, `planMethod`) took 50–110 ms
 * each to compile with everything they call inlined, on a helper thread.
 */
const INLINED_BYTECODE_CUMULATIVE = 460;

/**
 * The flags were measured on Node 20's V8 (11.3) only. Later V8s tier up by invocation counts and
 * no longer know `--interrupt-budget` (Node 24 prints "unrecognized flag" for it), so elsewhere
 * `kit` runs with V8's own settings.
 */
const MEASURED_V8_MAJOR = 11;

/**
 * The V8 flags the `kit` process sets for a command before running it. `kit generate` lasts a
 * second or a few, and by default TurboFan compiles several hundred of the generator's functions
 * on a background thread, CPU that such a run never earns back; with a larger budget it compiles
 * only what runs long, such as the YAML parser's loops (GitHub's document: 1.56 → 1.00 s CPU,
 * 1.08 → 0.86 s wall; Microsoft Graph's: 6.06 → 5.03 s CPU, 4.02 → 3.73 s wall; the same document
 * as YAML: 8.06 → 6.54 s CPU; docs/performance.md). Turning TurboFan off (`--no-opt`) did as well
 * on JSON but made the YAML run 40 % slower. Inlining less halves what the compiles that remain
 * cost (Microsoft Graph's: 1.36 → 0.82 s of compile time, about 0.2 s less CPU) and leaves the YAML
 * run as it was. Only the `kit` process sets flags: code that imports Kit runs as its own process
 * was started.
 */
export function engineFlags(
  argv: readonly string[],
  v8Version: string = process.versions.v8,
): string[] {
  const command = commandOf(argv);
  if (command?.command !== "generate") return [];
  if (!v8Version.startsWith(`${MEASURED_V8_MAJOR}.`)) return [];
  return [
    `--interrupt-budget=${INTERRUPT_BUDGET}`,
    `--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE_CUMULATIVE}`,
  ];
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
