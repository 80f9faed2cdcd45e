import path from "node:path";
import { performance } from "node:perf_hooks";
import { changesSince } from "../changes/changes-since.js";
import { readClientOnDisk } from "../changes/client-on-disk.js";
import type { ChangeReport } from "../changes/compare-clients.js";
import { formatChangeReport, newClientLine, unknownChangesLine } from "../changes/format-report.js";
import { renderClient } from "../generate.js";
import type { LoadedDocument } from "../openapi/load.js";
import { CLIENT_SHAPE_FILE } from "../options.js";
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
  /** Why there is no change report: the client on disk has no shape file Kit can read. */
  changesUnknown?: string;
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
    const result = renderClient(loaded, service.options, { shape: true });
    for (const warning of result.warnings) io.stderr(`kit: warning: ${warning}`);
    if (options.verbose) {
      io.stderr(
        `kit: debug: rendered ${plural(result.files.length, "file")} from ${summary.input}`,
      );
    }
    const planAndCarryOut = async () => {
      const files = [...result.files, result.shape];
      const plan = planWrite({ ...result, files }, service.out, {
        clean: service.clean,
        force: service.force,
      });
      const onDisk = await readClientOnDisk(service.out);
      const changes = changesSince(
        onDisk,
        result.shape,
        result.methodCount,
        options.fullChanges === true,
      );
      const unknown =
        "unknown" in changes
          ? unknownChangesLine(
              displayPath(io.cwd, path.join(service.out, CLIENT_SHAPE_FILE)),
              changes.unknown,
            )
          : undefined;
      const report = "report" in changes ? changes.report : undefined;
      summary.files = countActions(plan);
      if (report !== undefined) summary.changes = report;
      if (unknown !== undefined) summary.changesUnknown = unknown;
      const elapsed = () => formatElapsed(performance.now() - started);
      const printReport = () => {
        const lines =
          unknown !== undefined
            ? [unknown]
            : report
              ? formatChangeReport(report)
              : [newClientLine(result.methodCount)];
        for (const line of lines) io.stdout(line);
      };
      switch (options.mode) {
        case "check":
          summary.exitCode = reportCheck(plan, io, elapsed, printReport, {
            failOn: service.failOn ?? "changes",
            breaking: unknown === undefined ? (report?.breaking ?? 0) : undefined,
          });
          break;
        case "dry-run":
          reportDryRun(plan, io, elapsed, printReport);
          break;
        case "write":
          write(plan, io, elapsed, options.quietUnchanged ?? false);
          printReport();
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
  { failOn, breaking }: { failOn: FailOn; breaking: number | undefined },
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
    if (breaking === undefined) {
      io.stderr(
        `kit: ${files}, and whether the changes break existing calls is unknown (no change report); run the command without --check`,
      );
      return 1;
    }
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
