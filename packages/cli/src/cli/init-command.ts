import path from "node:path";
import { performance } from "node:perf_hooks";
import { renderInitFiles } from "../init/init-files.js";
import { planInit } from "../init/plan-init.js";
import { applyWritePlan } from "../write/apply.js";
import type { InitCommand } from "./command.js";
import type { CliIo, ExitCode } from "./io.js";
import { throwIfRefused } from "./refusal.js";
import { DONE, displayPath, formatElapsed, formatEntry } from "./report.js";

/** `kit init`: creates service.ts, index.ts and README.md; any existing one blocks all three. */
export async function runInit(command: InitCommand, io: CliIo): Promise<ExitCode> {
  const started = performance.now();
  const files = renderInitFiles({
    baseUrl: command.baseUrl,
    name: command.name,
    outDir: command.out.split(path.sep).join("/"),
  });
  const plan = planInit(files, path.resolve(io.cwd, command.out), command.force);
  throwIfRefused(plan, io.cwd);
  applyWritePlan(plan);
  for (const entry of plan.entries) io.stdout(formatEntry(entry, DONE, io.cwd));
  const elapsed = formatElapsed(performance.now() - started);
  io.stdout(`Initialized the service in ${displayPath(io.cwd, plan.outDir)} (${elapsed})`);
  return 0;
}
