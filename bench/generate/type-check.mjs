import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TSC } from "./paths.mjs";
import { runMeasured } from "./run-measured.mjs";

/**
 * The settings Kit's output is meant to compile under, applied to every tool's output alike:
 * strict, legacy decorators, bundler resolution. `@kit/api` and axios resolve from the root.
 */
const COMPILER_OPTIONS = {
  strict: true,
  experimentalDecorators: true,
  module: "preserve",
  moduleResolution: "bundler",
  target: "es2022",
  lib: ["es2022", "dom"],
  types: [],
  skipLibCheck: true,
  noEmit: true,
};

/** Runs the root's TypeScript on everything in `outDir`; reports time and the first error. */
export async function typeCheck({ outDir, caseDir, timeoutMs }) {
  const project = join(caseDir, "tsconfig.json");
  const config = { compilerOptions: COMPILER_OPTIONS, include: [`${outDir}/**/*.ts`] };
  writeFileSync(project, `${JSON.stringify(config, null, 2)}\n`);
  const run = await runMeasured({
    command: process.execPath,
    args: [TSC, "-p", project],
    cwd: caseDir,
    timeoutMs,
    logFile: join(caseDir, "tsc.log"),
  });
  return { ...run, firstError: run.status === "failed" ? firstError(run.logFile) : undefined };
}

function firstError(logFile) {
  const lines = readFileSync(logFile, "utf8").split("\n");
  const count = lines.filter((line) => /error TS\d+/.test(line)).length;
  const first = lines.find((line) => /error TS\d+/.test(line)) ?? lines.find(Boolean) ?? "";
  return { text: first.trim(), count };
}
