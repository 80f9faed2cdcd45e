import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { QUICK_RUN, TSC_FLAGS } from "../../../../vitest.suite.js";

const run = promisify(execFile);
export const REPO = fileURLToPath(new URL("../../../../", import.meta.url));

/**
 * The compilers generated code is checked with, as [version, path from the repository]: TypeScript 7
 * always, 5.9 in the full run only (the quick run leaves the slower 5.x compiles to CI).
 */
export const COMPILERS: readonly (readonly [version: string, bin: string])[] = [
  ["7", "node_modules/typescript/bin/tsc"],
  ...(QUICK_RUN ? [] : [["5.9", "node_modules/ts5/bin/tsc"] as const]),
];

/** Generated code resolves `@kit/api` to its built declarations. */
export function requireBuiltRuntime(): void {
  if (!existsSync(join(REPO, "packages/api/dist/index.d.ts"))) {
    throw new Error("@kit/api is not built: run `npm run build` first");
  }
}

/**
 * Runs one of the repository's compilers (`node_modules/typescript/bin/tsc`,
 * `node_modules/ts5/bin/tsc`) on `dir/tsconfig.json`: its exit code and everything it printed.
 */
export async function compileProject(
  compiler: string,
  dir: string,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      [join(REPO, compiler), "-p", join(dir, "tsconfig.json"), ...TSC_FLAGS],
      { cwd: REPO },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}
