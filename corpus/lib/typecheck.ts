import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { writeTsconfig } from "../../packages/cli/test/support/output-dir.js";
import { CORPUS_ROOT } from "./directory.js";

const run = promisify(execFile);

/** The repository's TypeScript 7 compiler, called by path (`npx tsc` could pick the 5.x alias). */
const TSC = path.join(CORPUS_ROOT, "..", "node_modules", "typescript", "bin", "tsc");

/**
 * Type-checks several output directories in one compiler run (one process start for many
 * documents) with the compiler options the seed gives users of generated code, and returns the
 * first error of each directory that has one. `outDirs` are relative to `workDir`; the batch's
 * tsconfig goes to `workDir/batches/<batch>`.
 *
 * tsc reports only syntax errors when a program has any, so one document with a syntax error
 * would hide every type error of the others: after a run with errors, the directories that had
 * none are checked again on their own, until a run finds nothing new.
 */
export async function typecheckOutputs(
  workDir: string,
  batch: string,
  outDirs: readonly string[],
): Promise<Map<string, string>> {
  const firstErrors = new Map<string, string>();
  let pending = [...outDirs];
  for (let round = 0; pending.length > 0; round++) {
    const found = await compileOnce(workDir, path.join("batches", `${batch}-${round}`), pending);
    for (const [dir, error] of found) firstErrors.set(dir, error);
    pending = found.size === 0 ? [] : pending.filter((dir) => !found.has(dir));
  }
  return firstErrors;
}

/**
 * One compiler run over `outDirs`. A failure the compiler does not place in one directory (bad
 * configuration, compiler crash) is charged to every directory.
 */
async function compileOnce(
  workDir: string,
  configDir: string,
  outDirs: readonly string[],
): Promise<Map<string, string>> {
  const firstErrors = new Map<string, string>();
  await writeTsconfig(
    path.join(workDir, configDir),
    outDirs.map((dir) => `../../${dir}/**/*.ts`),
  );
  const { failed, output } = await compile(workDir, configDir);
  if (!failed) return firstErrors;
  let unplaced: string | undefined;
  for (const line of output.split("\n").filter((text) => /error TS\d+/.test(text))) {
    const owner = outDirs.find((dir) => line.startsWith(`${dir}/`));
    if (owner === undefined) unplaced ??= line;
    else if (!firstErrors.has(owner)) firstErrors.set(owner, line.slice(owner.length + 1));
  }
  if (firstErrors.size === 0) unplaced ??= output.trim().split("\n")[0] || "tsc failed";
  if (unplaced !== undefined) {
    for (const dir of outDirs) if (!firstErrors.has(dir)) firstErrors.set(dir, unplaced);
  }
  return firstErrors;
}

async function compile(workDir: string, configDir: string) {
  try {
    // Run from `workDir` so the compiler names files as `out/<document>/…`.
    await run(process.execPath, [TSC, "-p", configDir, "--pretty", "false"], {
      cwd: workDir,
      maxBuffer: 256 * 1024 * 1024,
    });
    return { failed: false, output: "" };
  } catch (error) {
    const { stdout, stderr, message } = error as {
      stdout?: string;
      stderr?: string;
      message: string;
    };
    return { failed: true, output: `${stdout ?? ""}${stderr ?? ""}` || message };
  }
}
