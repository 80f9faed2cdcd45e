import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GenerateResult } from "../../src/options.js";

/** Scratch space inside the package, so generated code resolves `@kit/api` from the workspace. */
export const SCRATCH_DIR = fileURLToPath(new URL("../../.tmp/", import.meta.url));

/** The compiler options the seed prescribes for projects using generated code. */
export const USER_COMPILER_OPTIONS = {
  target: "ES2022",
  module: "preserve",
  moduleResolution: "bundler",
  strict: true,
  experimentalDecorators: true,
  noUnusedLocals: true,
  skipLibCheck: false,
  noEmit: true,
  lib: ["ES2022", "DOM"],
  types: [],
};

/** Replaces `dir` with the generated files. */
export async function writeOutput(result: GenerateResult, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const file of result.files) {
    const target = join(dir, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.contents);
  }
}

export async function writeTsconfig(dir: string, include: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const config = { compilerOptions: USER_COMPILER_OPTIONS, include };
  await writeFile(join(dir, "tsconfig.json"), `${JSON.stringify(config, null, 2)}\n`);
}
