import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT_DIR = dirname(BENCH_DIR);
export const CORPUS_DIR = join(ROOT_DIR, "corpus");
export const WORK_DIR = join(BENCH_DIR, ".work");
export const RESULTS_DIR = join(BENCH_DIR, "results");
export const TSC = join(ROOT_DIR, "node_modules/typescript/bin/tsc");
const CLI_DIR = join(ROOT_DIR, "packages/cli");
/** The command users run: the `bin` of @kit/cli's package.json, the bundle `npm run build` makes. */
export const KIT_BIN = join(
  CLI_DIR,
  JSON.parse(readFileSync(join(CLI_DIR, "package.json"), "utf8")).bin.kit,
);
