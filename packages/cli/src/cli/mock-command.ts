import { once } from "node:events";
import { KitUsageError, singleLine } from "../errors.js";
import { logLine } from "../mock/log-line.js";
import { DEFAULT_MAX_BODY, type MockOptions } from "../mock/mock-handler.js";
import { startMock } from "../mock/start-mock.js";
import { isHttpUrl } from "../openapi/url-input.js";
import type { MockCommand } from "./command.js";
import { reportFailure } from "./failure.js";
import type { CliIo, ExitCode } from "./io.js";
import { type RunSetup, resolveServices, type Service } from "./resolve-services.js";
import { loadServiceDocument, shownInput } from "./service-input.js";
import { watchFile } from "./watch-file.js";
import { Watchers } from "./watchers.js";

export const DEFAULT_MOCK_PORT = 4010;
export const DEFAULT_MOCK_HOST = "127.0.0.1";

/**
 * `kit mock`: serves one service's document until Ctrl-C (SIGINT), SIGTERM or `io.signal`,
 * printing one line when ready and one per request; with `--watch`, a changed document or config
 * file is served from then on, on the same port.
 */
export async function runMock(command: MockCommand, io: CliIo): Promise<ExitCode> {
  const started = performance.now();
  let { service, setup } = await mockedService(command, io.cwd);
  const loaded = await loadServiceDocument(service);
  const running = await startMock(
    loaded,
    {
      host: command.host ?? service.mock?.host ?? DEFAULT_MOCK_HOST,
      port: command.port ?? service.mock?.port ?? DEFAULT_MOCK_PORT,
      ...servedOptions(command, service, io),
    },
    (exchange) => io.stdout(logLine(exchange)),
  );
  const ready = Math.round(performance.now() - started);
  io.stdout(
    `kit mock: ${running.operations} operations of ${shownInput(service.input)} at ${running.url} (ready in ${ready} ms; Ctrl-C stops)`,
  );
  let watching: { close(): void } | undefined;
  if (command.watch) {
    // Reloads run one after another; a failing one keeps the document served before.
    let queue = Promise.resolve();
    const reload = (fromConfig: boolean) => {
      queue = queue.then(async () => {
        try {
          if (fromConfig) {
            const next = await mockedService(command, io.cwd);
            if (
              next.service.input !== service.input ||
              next.setup.configFile !== setup.configFile
            ) {
              watching?.close();
              ({ service, setup } = next);
              watching = watchInputs(service, setup, io, reload);
            } else ({ service, setup } = next);
          }
          running.reload(await loadServiceDocument(service), servedOptions(command, service, io));
          io.stdout(
            `kit mock: reloaded ${running.operations} operations of ${shownInput(service.input)}`,
          );
        } catch (error) {
          reportFailure(error, io, command.verbose);
          io.stderr("kit mock: serving the previous document");
        }
      });
    };
    watching = watchInputs(service, setup, io, reload);
  }
  await untilStopped(io.signal);
  watching?.close();
  await running.close();
  return 0;
}

/** What the mock serves with besides its address: flags first, then the config's `mock` keys. */
function servedOptions(command: MockCommand, service: Service, io: CliIo): MockOptions {
  const envelope = command.envelope ?? service.options.envelope;
  return {
    seed: command.seed ?? service.mock?.seed ?? 0,
    delay: command.delay ?? service.mock?.delay ?? 0,
    maxBody: command.maxBody ?? service.mock?.maxBody ?? DEFAULT_MAX_BODY,
    notice: (line) => io.stdout(singleLine(`kit mock: ${line}`)),
    guard: {
      ...optional("allowedHosts", command.allowedHosts ?? service.mock?.allowedHosts),
      ...optional("corsOrigins", command.corsOrigins ?? service.mock?.corsOrigins),
    },
    ...(envelope === undefined || envelope === "none" ? {} : { envelope }),
  };
}

/**
 * `--watch`: the document file and the config file, each change (and those within the
 * debounce time after it) reloading once. A URL input is not watched.
 */
function watchInputs(
  service: Service,
  setup: RunSetup,
  io: CliIo,
  reload: (fromConfig: boolean) => void,
): { close(): void } {
  const watchers = new Watchers(setup.debounceMs);
  if (isHttpUrl(service.input))
    io.stdout(`kit mock: --watch follows files; ${service.input} is served as first read`);
  else
    watchers.add(
      watchFile(
        service.input,
        watchers.debounced(() => reload(false)),
        io,
      ),
    );
  if (setup.configFile !== undefined)
    watchers.add(
      watchFile(
        setup.configFile,
        watchers.debounced(() => reload(true)),
        io,
      ),
    );
  return watchers;
}

async function mockedService(
  command: MockCommand,
  cwd: string,
): Promise<{ service: Service; setup: RunSetup }> {
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
    throw new KitUsageError(
      `kit mock serves one service; the config has ${setup.services.length} (${names}): name one, e.g. kit mock ${setup.services[0]?.service}`,
    );
  }
  return { service, setup };
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
