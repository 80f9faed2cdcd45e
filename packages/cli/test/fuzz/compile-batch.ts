import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { GenerateResult } from "../../src/options.js";
import { writeOutput, writeTsconfig } from "../support/output-dir.js";
import { type Failure, failure } from "./failure.js";

const run = promisify(execFile);
const TSC = fileURLToPath(new URL("../../../../node_modules/typescript/bin/tsc", import.meta.url));

export function caseDir(batchDir: string, index: number): string {
  return join(batchDir, `case-${index}`);
}

/**
 * Writes each result to `case-<i>/` below `batchDir` and type-checks them all in one run of the
 * real compiler under the user settings. Returns the compiler's complaints per case index.
 */
export async function compileBatch(
  batchDir: string,
  results: ReadonlyMap<number, GenerateResult>,
): Promise<Map<number, Failure[]>> {
  for (const [index, result] of results) await writeOutput(result, caseDir(batchDir, index));
  await writeTsconfig(batchDir, ["**/*.ts"]);
  const output = await tscOutput(batchDir);
  const failures = new Map<number, Failure[]>();
  for (const line of output.split("\n")) {
    const match = /^case-(\d+)\/.*?error (TS\d+: .*)$/.exec(line);
    if (!match) continue;
    const index = Number(match[1]);
    failures.set(index, [...(failures.get(index) ?? []), failure("compile", line)]);
  }
  if (failures.size === 0 && /error TS/.test(output)) {
    failures.set(-1, [failure("compile", output)]);
  }
  return failures;
}

async function tscOutput(dir: string): Promise<string> {
  try {
    await run(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false"], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    return "";
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
}
