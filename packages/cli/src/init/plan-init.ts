import path from "node:path";
import type { GeneratedFile } from "../options.js";
import { decideInitFile } from "../write/decide.js";
import { planFiles } from "../write/plan.js";
import type { WritePlan } from "../write/plan-types.js";

/** Unlike generate, init is refused by any existing file, marker or not, unless `force`. */
export function planInit(
  files: readonly GeneratedFile[],
  outDir: string,
  force: boolean,
): WritePlan {
  const root = path.resolve(outDir);
  const entries = planFiles(files, root, (file, existing) => decideInitFile(file, existing, force));
  return { outDir: root, entries };
}
