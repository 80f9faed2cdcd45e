import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { TSC_FLAGS } from "../../../../vitest.suite.js";
import type { GenerateResult } from "../../src/options.js";
import { USER_COMPILER_OPTIONS, writeOutput } from "../support/output-dir.js";
import { type Failure, failure } from "./failure.js";

const run = promisify(execFile);
const TSC = fileURLToPath(new URL("../../../../node_modules/typescript/bin/tsc", import.meta.url));

export function caseDir(batchDir: string, index: number): string {
  return join(batchDir, `case-${index}`);
}

/**
 * Writes each result to `case-<i>/` below `batchDir` and type-checks them all with the real
 * compiler under the user settings. Returns the first complaint per case index: later ones are
 * mostly knock-on errors of the first. The compiler skips type checking when any file has a
 * syntax error, so cases with syntax errors are reported and left out of another run.
 */
export async function compileBatch(
  batchDir: string,
  results: ReadonlyMap<number, GenerateResult>,
): Promise<Map<number, Failure[]>> {
  for (const [index, result] of results) await writeOutput(result, caseDir(batchDir, index));
  const failures = new Map<number, Failure[]>();
  for (let syntaxErrors = true; syntaxErrors; ) {
    await writeBatchTsconfig(batchDir, [...failures.keys()]);
    const output = await tscOutput(batchDir);
    syntaxErrors = false;
    for (const line of output.split("\n")) {
      const match = /^case-(\d+)\/.*?error TS(\d+): /.exec(line);
      if (!match) continue;
      const index = Number(match[1]);
      if (failures.has(index)) continue;
      failures.set(index, [failure("compile", line)]);
      // Syntax errors are TS1xxx.
      if (match[2]!.length === 4 && match[2]!.startsWith("1")) syntaxErrors = true;
    }
    if (failures.size === 0 && /error TS/.test(output)) {
      failures.set(-1, [failure("compile", output)]);
    }
  }
  return failures;
}

async function writeBatchTsconfig(batchDir: string, excluded: readonly number[]): Promise<void> {
  const config = {
    compilerOptions: USER_COMPILER_OPTIONS,
    include: ["**/*.ts"],
    exclude: excluded.map((index) => `case-${index}/**`),
  };
  await writeFile(join(batchDir, "tsconfig.json"), `${JSON.stringify(config, null, 2)}\n`);
}

async function tscOutput(dir: string): Promise<string> {
  try {
    await run(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false", ...TSC_FLAGS], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    return "";
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
}
