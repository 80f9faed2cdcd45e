import { type LoadedDocument, parseOpenAPIDocument } from "../openapi/load.js";
import { isHttpUrl } from "../openapi/url-input.js";
import type { GenerateCommand } from "./command.js";
import { failureMessage, reportFailure } from "./failure.js";
import type { CliIo, ExitCode } from "./io.js";
import { displayPath } from "./report.js";
import { type RunSetup, resolveServices, type Service } from "./resolve-services.js";
import { runService } from "./run-service.js";
import { shownInput } from "./service-input.js";
import { watchFile } from "./watch-file.js";
import { Watchers } from "./watchers.js";

type Run = (service: Service, load?: () => Promise<LoadedDocument>) => void;

/**
 * `kit generate --watch`: generates every service, then again whenever its document file or the
 * config file changes (changes within `debounceMs` count as one), or, for a URL, whenever a poll
 * every `intervalMs` brings a new document (If-None-Match with the last ETag). A failing run
 * prints its line and the watch goes on. Runs never overlap. Resolves 0 once `stop` is aborted,
 * with every watcher, timer and request released.
 */
export async function runWatch(
  command: GenerateCommand,
  first: RunSetup,
  io: CliIo,
  stop: AbortSignal,
): Promise<ExitCode> {
  let setup = first;
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(() => (stop.aborted ? undefined : task()));
  };
  const run: Run = (service, load) =>
    enqueue(async () => {
      await runService(service, io, {
        mode: "write",
        verbose: command.verbose,
        quietUnchanged: true,
        ...(load ? { load } : {}),
      });
    });
  const reload = () =>
    enqueue(async () => {
      io.stdout(`Changed: ${displayPath(io.cwd, setup.configFile!)}`);
      let next: RunSetup;
      try {
        next = await resolveServices(command, io.cwd);
      } catch (error) {
        reportFailure(error, io, command.verbose);
        io.stderr("kit: the config file has an error; watching with the previous one");
        return;
      }
      watchers.close();
      setup = next;
      watchers = startWatching(setup, io, stop, run, reload);
    });

  let watchers = startWatching(setup, io, stop, run, reload);
  const watched = setup.services.map((service) => shownInput(service.input));
  if (setup.configFile) watched.push(displayPath(io.cwd, setup.configFile));
  io.stdout(`Watching ${watched.join(", ")} (Ctrl-C stops)`);
  await new Promise<void>((resolve) => {
    if (stop.aborted) resolve();
    else stop.addEventListener("abort", () => resolve(), { once: true });
  });
  watchers.close();
  await queue;
  io.stdout("Stopped watching");
  return 0;
}

/** Generates each service once and watches its input; `close` releases everything. */
function startWatching(
  setup: RunSetup,
  io: CliIo,
  stop: AbortSignal,
  run: Run,
  reload: () => void,
): { close(): void } {
  const watchers = new Watchers(setup.debounceMs);
  for (const service of setup.services) {
    if (isHttpUrl(service.input)) {
      watchers.add(poll(service, setup.intervalMs, io, stop, run));
      continue;
    }
    run(service);
    const changed = watchers.debounced(() => {
      io.stdout(`Changed: ${shownInput(service.input)}`);
      run(service);
    });
    watchers.add(watchFile(service.input, changed, io));
  }
  if (setup.configFile !== undefined) {
    watchers.add(watchFile(setup.configFile, watchers.debounced(reload), io));
  }
  return watchers;
}

/**
 * Asks for the document now and every `interval` ms after the last answer, with the last ETag;
 * generates when the body differs. The same failure is printed once, not at every poll.
 */
function poll(
  service: Service,
  interval: number,
  io: CliIo,
  stop: AbortSignal,
  run: Run,
): () => void {
  const closed = new AbortController();
  const signal = AbortSignal.any([stop, closed.signal]);
  const { headers, timeoutMs, maxSize } = service;
  const options = { headers, timeoutMs, maxSize, signal };
  let etag: string | undefined;
  let last: string | undefined;
  let lastFailure: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const { fetchIfChanged } = await import("../openapi/fetch-document.js");
      const fetched = await fetchIfChanged(service.input, options, etag);
      lastFailure = undefined;
      if (fetched !== undefined && fetched.text !== last) {
        if (last !== undefined) io.stdout(`Changed: ${service.input}`);
        etag = fetched.etag;
        last = fetched.text;
        run(service, async () => parseOpenAPIDocument(fetched.text, fetched.url));
      }
    } catch (error) {
      if (!signal.aborted && failureMessage(error) !== lastFailure) {
        lastFailure = failureMessage(error);
        reportFailure(error, io, false);
      }
    }
    if (!signal.aborted) timer = setTimeout(tick, interval);
  };
  timer = setTimeout(tick, 0);
  return () => {
    closed.abort();
    clearTimeout(timer);
  };
}
