import type { GenerateCommand } from "./command.js";
import { worstExitCode } from "./failure.js";
import type { CliIo, ExitCode } from "./io.js";
import { displayPath } from "./report.js";
import { resolveServices, type Service } from "./resolve-services.js";
import { runService, type ServiceSummary } from "./run-service.js";
import { shownInput } from "./service-input.js";
import { runWatch } from "./watch.js";

/**
 * `kit generate`: every service the command line and config file name, one after the other; a
 * failing service does not stop the others, and the exit code is the worst of them. With
 * `--report json`, stdout carries one JSON document and the usual lines go to stderr.
 */
export async function runGenerate(command: GenerateCommand, io: CliIo): Promise<ExitCode> {
  const setup = await resolveServices(command, io.cwd);
  const lines: CliIo = command.report === "json" ? { ...io, stdout: io.stderr } : io;
  if (command.watch) return watchUntilInterrupted(command, setup, lines, io.signal);
  const summaries: ServiceSummary[] = [];
  let code: ExitCode = 0;
  for (const service of setup.services) {
    if (setup.services.length > 1) lines.stdout(serviceHeading(service, io.cwd));
    const summary = await runService(service, lines, {
      mode: command.mode,
      verbose: command.verbose,
      fullChanges: command.report === "json",
    });
    summaries.push(summary);
    code = worstExitCode(code, summary.exitCode);
  }
  if (command.report === "json") {
    io.stdout(JSON.stringify({ exitCode: code, services: summaries }, null, 2));
  }
  return code;
}

function serviceHeading(service: Service, cwd: string): string {
  return `== ${service.service}: ${shownInput(service.input)} → ${displayPath(cwd, service.out)}`;
}

/** Ctrl-C (SIGINT) or SIGTERM ends the watch cleanly; so does `signal`, for callers in process. */
async function watchUntilInterrupted(
  command: GenerateCommand,
  setup: Awaited<ReturnType<typeof resolveServices>>,
  io: CliIo,
  signal: AbortSignal | undefined,
): Promise<ExitCode> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  signal?.addEventListener("abort", stop, { once: true });
  try {
    return await runWatch(command, setup, io, controller.signal);
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    signal?.removeEventListener("abort", stop);
  }
}
