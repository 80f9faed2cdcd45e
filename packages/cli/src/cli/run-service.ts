import path from "node:path";
import { performance } from "node:perf_hooks";
import { hasClientOnDisk, isClientOnDisk, readClientOnDisk } from "../changes/client-on-disk.js";
import { type ChangeReport, compareClients, unchangedClient } from "../changes/compare-clients.js";
import { formatChangeReport, newClientLine } from "../changes/format-report.js";
import { printedClient, readClient } from "../changes/read-client.js";
import { renderClient } from "../generate.js";
import type { LoadedDocument } from "../openapi/load.js";
import { plural } from "../util/plural.js";
import { applyWritePlan } from "../write/apply.js";
import { withOutputLock } from "../write/output-lock.js";
import { planWrite } from "../write/plan.js";
import type { PlannedWrite, WriteAction, WritePlan } from "../write/plan-types.js";
import { countActions, differingEntries } from "../write/plan-types.js";
import type { FailOn, GenerateMode } from "./command.js";
import { failureMessage, reportFailure } from "./failure.js";
import type { CliIo, ExitCode } from "./io.js";
import { throwIfRefused } from "./refusal.js";
import { DONE, displayPath, formatElapsed, formatEntry, PLANNED } from "./report.js";
import type { Service } from "./resolve-services.js";
import { loadServiceDocument, shownInput } from "./service-input.js";

export interface RunOptions {
  mode: GenerateMode;
  verbose: boolean;
  /** Watch mode lists only the files that change, not every unchanged one. */
  quietUnchanged?: boolean;
  /** How to get the document; default: read or download the service's input. */
  load?: () => Promise<LoadedDocument>;
  /**
   * Every change in the summary (`--report json`). Otherwise the comparison is made only where
   * the text report shows one: a new client is a single line.
   */
  fullChanges?: boolean;
}

/** What one service's run did, for `--report json`. */
export interface ServiceSummary {
  service?: string;
  input: string;
  output: string;
  exitCode: ExitCode;
  error?: string;
  files?: Record<WriteAction, number>;
  changes?: ChangeReport;
}

/**
 * Generates one service: renders the document, compares the client on disk with the new one,
 * then writes, previews (`dry-run`) or compares (`check`). A failure is printed as one line and
 * resolves its exit code, so the other services still run.
 */
export async function runService(
  service: Service,
  io: CliIo,
  options: RunOptions,
): Promise<ServiceSummary> {
  const started = performance.now();
  const summary: ServiceSummary = {
    ...(service.service === undefined ? {} : { service: service.service }),
    input: shownInput(service.input),
    output: displayPath(io.cwd, service.out),
    exitCode: 0,
  };
  try {
    const loaded = await (options.load ?? (() => loadServiceDocument(service)))();
    // The new client's methods as printed are kept only for a comparison the report will make.
    const compares = options.fullChanges === true || (await hasClientOnDisk(service.out));
    const result = renderClient(loaded, service.options, { methods: compares });
    for (const warning of result.warnings) io.stderr(`kit: warning: ${warning}`);
    if (options.verbose) {
      io.stderr(
        `kit: debug: rendered ${plural(result.files.length, "file")} from ${summary.input}`,
      );
    }
    const planAndCarryOut = async () => {
      const plan = planWrite(result, service.out, {
        clean: service.clean,
        force: service.force,
      });
      const onDisk = await readClientOnDisk(service.out);
      // Without printed methods (no client was on disk before the lock), the new client is read.
      const printed = result.methods && { files: result.files, methods: result.methods };
      const changes =
        onDisk.length === 0 && !options.fullChanges
          ? undefined
          : isClientOnDisk(onDisk, result.files)
            ? unchangedClient(result.methodCount)
            : compareClients(
                readClient(onDisk, printed),
                printed ? printedClient(printed) : readClient(result.files),
              );
      summary.files = countActions(plan);
      if (changes !== undefined) summary.changes = changes;
      const elapsed = () => formatElapsed(performance.now() - started);
      const report = () => {
        const lines = changes ? formatChangeReport(changes) : [newClientLine(result.methodCount)];
        for (const line of lines) io.stdout(line);
      };
      switch (options.mode) {
        case "check":
          summary.exitCode = reportCheck(plan, io, elapsed, report, {
            failOn: service.failOn ?? "changes",
            breaking: changes?.breaking ?? 0,
          });
          break;
        case "dry-run":
          reportDryRun(plan, io, elapsed, report);
          break;
        case "write":
          write(plan, io, elapsed, options.quietUnchanged ?? false);
          report();
          break;
      }
    };
    // A writing run plans under the lock: one that waited plans against what the one before wrote.
    if (options.mode === "write") await withOutputLock(path.resolve(service.out), planAndCarryOut);
    else await planAndCarryOut();
  } catch (error) {
    summary.exitCode = reportFailure(error, io, options.verbose);
    summary.error = failureMessage(error);
  }
  return summary;
}

function write(plan: WritePlan, io: CliIo, elapsed: () => string, quietUnchanged: boolean): void {
  throwIfRefused(plan, io.cwd);
  applyWritePlan(plan);
  const shown = quietUnchanged ? differingEntries(plan) : plan.entries;
  for (const entry of shown) io.stdout(formatEntry(entry, DONE, io.cwd));
  const counts = countActions(plan);
  const total = plan.entries.length - counts.delete;
  io.stdout(
    `Generated ${plural(total, "file")} in ${displayPath(io.cwd, plan.outDir)}: ` +
      `${counts.create} created, ${counts.change} changed, ${counts.unchanged} unchanged, ` +
      `${counts.delete} deleted (${elapsed()})`,
  );
}

function reportDryRun(plan: WritePlan, io: CliIo, elapsed: () => string, report: () => void): void {
  for (const entry of plan.entries) io.stdout(formatEntry(entry, PLANNED, io.cwd));
  const counts = countActions(plan);
  io.stdout(
    `Dry run, nothing written: ${counts.create} to create, ${counts.change} to change, ` +
      `${counts.unchanged} unchanged, ${counts.delete} to delete, ${counts.refuse} refused ` +
      `(${elapsed()})`,
  );
  report();
  throwIfRefused(plan, io.cwd);
}

/**
 * For CI: compares what this exact command would do with what is on disk. With `--fail-on
 * breaking`, files that differ fail only through a breaking change in the report (or a file the
 * run would refuse to overwrite): a client whose existing calls still compile passes.
 */
function reportCheck(
  plan: WritePlan,
  io: CliIo,
  elapsed: () => string,
  report: () => void,
  { failOn, breaking }: { failOn: FailOn; breaking: number },
): ExitCode {
  const out = displayPath(io.cwd, plan.outDir);
  const differing: PlannedWrite[] = differingEntries(plan);
  if (differing.length === 0) {
    io.stdout(`Up to date: ${plural(plan.entries.length, "file")} in ${out} (${elapsed()})`);
    return 0;
  }
  for (const entry of differing) io.stdout(formatEntry(entry, PLANNED, io.cwd));
  report();
  const files = `${plural(differing.length, "file")} in ${out} not up to date`;
  if (failOn === "breaking") {
    if (breaking === 0 && countActions(plan).refuse === 0) {
      io.stdout(`${files}, with no breaking change (--fail-on breaking)`);
      return 0;
    }
    if (breaking > 0) {
      io.stderr(
        `kit: ${plural(breaking, "breaking change")} in ${out}: existing calls may not compile or may send other arguments; run the command without --check`,
      );
      return 1;
    }
  }
  io.stderr(`kit: ${files}; run the command without --check`);
  return 1;
}
