import { once } from "node:events";
import { KitGenerateError, singleLine } from "../errors.js";
import { logLine } from "../mock/log-line.js";
import { DEFAULT_MAX_BODY } from "../mock/mock-handler.js";
import { startMock } from "../mock/start-mock.js";
import type { MockCommand } from "./command.js";
import type { CliIo, ExitCode } from "./io.js";
import { resolveServices, type Service } from "./resolve-services.js";
import { loadServiceDocument, shownInput } from "./service-input.js";

export const DEFAULT_MOCK_PORT = 4010;
export const DEFAULT_MOCK_HOST = "127.0.0.1";

/**
 * `kit mock`: serves one service's document until Ctrl-C (SIGINT), SIGTERM or `io.signal`,
 * printing one line when ready and one per request.
 */
export async function runMock(command: MockCommand, io: CliIo): Promise<ExitCode> {
  const started = performance.now();
  const service = await mockedService(command, io.cwd);
  const loaded = await loadServiceDocument(service);
  const envelope = command.envelope ?? service.options.envelope;
  const running = await startMock(
    loaded,
    {
      host: command.host ?? service.mock?.host ?? DEFAULT_MOCK_HOST,
      port: command.port ?? service.mock?.port ?? DEFAULT_MOCK_PORT,
      seed: command.seed ?? service.mock?.seed ?? 0,
      delay: command.delay ?? service.mock?.delay ?? 0,
      maxBody: command.maxBody ?? service.mock?.maxBody ?? DEFAULT_MAX_BODY,
      notice: (line) => io.stdout(singleLine(`kit mock: ${line}`)),
      guard: {
        ...optional("allowedHosts", command.allowedHosts ?? service.mock?.allowedHosts),
        ...optional("corsOrigins", command.corsOrigins ?? service.mock?.corsOrigins),
      },
      ...(envelope === undefined || envelope === "none" ? {} : { envelope }),
    },
    (exchange) => io.stdout(logLine(exchange)),
  );
  const ready = Math.round(performance.now() - started);
  io.stdout(
    `kit mock: ${running.operations} operations of ${shownInput(service.input)} at ${running.url} (ready in ${ready} ms; Ctrl-C stops)`,
  );
  await untilStopped(io.signal);
  await running.close();
  return 0;
}

async function mockedService(command: MockCommand, cwd: string): Promise<Service> {
  const setup = await resolveServices(
    {
      command: "generate",
      services: command.services,
      ...(command.config === undefined ? {} : { config: command.config }),
      flags: {
        ...(command.input === undefined ? {} : { input: command.input }),
        clean: false,
        force: false,
        headers: {},
        options: command.envelope === undefined ? {} : { envelope: command.envelope },
      },
      mode: "dry-run",
      watch: false,
      report: "text",
      verbose: command.verbose,
    },
    cwd,
  );
  const [service, ...others] = setup.services;
  if (service === undefined || others.length > 0) {
    const names = setup.services.map((entry) => entry.service).join(", ");
    throw new KitGenerateError(
      `kit mock serves one service; the config has ${setup.services.length} (${names}): name one, e.g. kit mock ${setup.services[0]?.service}`,
      {},
      { exitCode: 2 },
    );
  }
  return service;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  signal?.addEventListener("abort", stop, { once: true });
  return once(controller.signal, "abort").then(() => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    signal?.removeEventListener("abort", stop);
  });
}
