import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { DocumentOutcome, Summary } from "../../../../corpus/lib/outcome.js";

export const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
/** Apart from `corpus/.work`, so a test run never pulls the files from under a manual run. */
const WORK_DIR = `${REPO_ROOT}packages/cli/.tmp/corpus/`;
const TSX = `${REPO_ROOT}node_modules/tsx/dist/cli.mjs`;

/** What `corpus/run.ts` writes to `summary.json`. */
export type CorpusSummary = Summary & { seconds: number };

/**
 * Runs the corpus runner as a user does (`npm run corpus -- <args>` after the build), which
 * installs the corpus package on first use, and returns its figures and failure list. Test files
 * run in parallel, so each passes a work directory of its own.
 */
export async function runCorpus(
  args: readonly string[],
  env: Record<string, string> = {},
  workDir = WORK_DIR,
): Promise<{
  summary: CorpusSummary;
  failures: string;
  outcomes: DocumentOutcome[];
  stdout: string;
}> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [TSX, "corpus/run.ts", "--work", workDir, ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; code?: number }) => {
    // Exit 1 means some document failed: the summary and failure list say which.
    if (error.code === 1 && error.stdout !== undefined) return { stdout: error.stdout };
    throw error;
  });
  return {
    summary: JSON.parse(await readFile(`${workDir}summary.json`, "utf8")) as CorpusSummary,
    failures: await readFile(`${workDir}failures.txt`, "utf8"),
    outcomes: JSON.parse(await readFile(`${workDir}outcomes.json`, "utf8")) as DocumentOutcome[],
    stdout,
  };
}
