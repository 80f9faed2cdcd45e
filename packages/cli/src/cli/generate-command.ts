import path from "node:path";
import { performance } from "node:perf_hooks";
import { generateFromOpenAPI } from "../generate.js";
import { applyWritePlan } from "../write/apply.js";
import { planWrite } from "../write/plan.js";
import type { WritePlan } from "../write/plan-types.js";
import { countActions, differingEntries } from "../write/plan-types.js";
import type { GenerateCommand } from "./command.js";
import type { CliIo, ExitCode } from "./io.js";
import { throwIfRefused } from "./refusal.js";
import { DONE, displayPath, formatElapsed, formatEntry, PLANNED, plural } from "./report.js";

/** `kit generate`: render the document, then write, preview (`--dry-run`) or compare (`--check`). */
export async function runGenerate(command: GenerateCommand, io: CliIo): Promise<ExitCode> {
  const started = performance.now();
  const input = inputPath(io.cwd, command.input);
  const result = await generateFromOpenAPI(input, command.options);
  for (const warning of result.warnings) io.stderr(`kit: warning: ${warning}`);
  if (command.verbose) {
    io.stderr(`kit: debug: rendered ${plural(result.files.length, "file")} from ${input}`);
  }
  const plan = await planWrite(result, path.resolve(io.cwd, command.out), {
    clean: command.clean,
    force: command.force,
  });
  const elapsed = () => formatElapsed(performance.now() - started);
  switch (command.mode) {
    case "check":
      return reportCheck(plan, io, elapsed);
    case "dry-run":
      return reportDryRun(plan, io, elapsed);
    case "write":
      return write(plan, io, elapsed);
  }
}

/**
 * The input as the file system resolves it, relative to the process's directory: when `io.cwd`
 * is that directory (a real run), error messages name the file exactly as the user typed it.
 */
function inputPath(cwd: string, given: string): string {
  if (path.isAbsolute(given)) return given;
  return path.relative(process.cwd(), path.resolve(cwd, given)) || ".";
}

async function write(plan: WritePlan, io: CliIo, elapsed: () => string): Promise<ExitCode> {
  throwIfRefused(plan, io.cwd);
  await applyWritePlan(plan);
  for (const entry of plan.entries) io.stdout(formatEntry(entry, DONE, io.cwd));
  const counts = countActions(plan);
  const total = plan.entries.length - counts.delete;
  io.stdout(
    `Generated ${plural(total, "file")} in ${displayPath(io.cwd, plan.outDir)}: ` +
      `${counts.create} created, ${counts.change} changed, ${counts.unchanged} unchanged, ` +
      `${counts.delete} deleted (${elapsed()})`,
  );
  return 0;
}

function reportDryRun(plan: WritePlan, io: CliIo, elapsed: () => string): ExitCode {
  for (const entry of plan.entries) io.stdout(formatEntry(entry, PLANNED, io.cwd));
  const counts = countActions(plan);
  io.stdout(
    `Dry run, nothing written: ${counts.create} to create, ${counts.change} to change, ` +
      `${counts.unchanged} unchanged, ${counts.delete} to delete, ${counts.refuse} refused ` +
      `(${elapsed()})`,
  );
  throwIfRefused(plan, io.cwd);
  return 0;
}

/** For CI: compares what this exact command would do with what is on disk. */
function reportCheck(plan: WritePlan, io: CliIo, elapsed: () => string): ExitCode {
  const out = displayPath(io.cwd, plan.outDir);
  const differing = differingEntries(plan);
  if (differing.length === 0) {
    io.stdout(`Up to date: ${plural(plan.entries.length, "file")} in ${out} (${elapsed()})`);
    return 0;
  }
  for (const entry of differing) io.stdout(formatEntry(entry, PLANNED, io.cwd));
  io.stderr(
    `kit: ${plural(differing.length, "file")} in ${out} not up to date; run the command without --check`,
  );
  return 1;
}
