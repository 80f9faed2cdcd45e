import path from "node:path";
import type { GenerateResult } from "../options.js";
import { applyWritePlan } from "./apply.js";
import { withOutputLock } from "./output-lock.js";
import type { WriteOptions } from "./plan.js";
import { planWrite } from "./plan.js";

/**
 * Writes a generation result below `outDir`. A file that exists without the generated marker
 * makes the whole run fail with `WriteRefusedError` before anything is written, unless `force`.
 * With `clean`, generated files of the generator's own paths that the result no longer holds are
 * deleted. Runs writing to one folder take turns (see `withOutputLock`). Returns the absolute
 * paths of the files created or changed.
 */
export async function writeGenerated(
  result: GenerateResult,
  outDir: string,
  options: WriteOptions = {},
): Promise<string[]> {
  return withOutputLock(path.resolve(outDir), async () =>
    applyWritePlan(planWrite(result, outDir, options)),
  );
}
