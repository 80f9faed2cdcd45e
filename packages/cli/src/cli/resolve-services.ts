import path from "node:path";
import { findConfigFile } from "../config/find-config.js";
import { loadConfigFile } from "../config/load-config.js";
import type { MockConfig } from "../config/types.js";
import { type ConfiguredService, validateConfig } from "../config/validate-config.js";
import { KitUsageError } from "../errors.js";
import { DEFAULT_MAX_SIZE } from "../openapi/document-size.js";
import { DEFAULT_TIMEOUT_MS, isHttpUrl } from "../openapi/url-input.js";
import type { GenerateOptions } from "../options.js";
import { closestName } from "../util/closest-name.js";
import type { FailOn, GenerateCommand } from "./command.js";
import { DEFAULT_GENERATE_OUT } from "./parse-argv.js";
import { displayPath } from "./report.js";

/** One client to generate, every path absolute and every default filled in. */
export interface Service {
  /** The key under `services` in the config file; undefined for a single service. */
  service?: string;
  /** An http(s) URL, or an absolute path. */
  input: string;
  out: string;
  clean: boolean;
  force: boolean;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Most bytes a URL input's answer may have, as it arrives and as it unpacks. */
  maxSize: number;
  options: GenerateOptions;
  /** The config file's `mock` settings, for `kit mock`. */
  mock?: MockConfig;
  /** What fails `--check`; absent: any file that is not up to date. */
  failOn?: FailOn;
}

export interface RunSetup {
  services: Service[];
  /** The config file in use, absolute. */
  configFile?: string;
  debounceMs: number;
  intervalMs: number;
}

export const DEFAULT_DEBOUNCE_MS = 200;
export const DEFAULT_INTERVAL_MS = 2000;

/**
 * What a `kit generate` command line means once the config file is read: the config file named
 * with `--config`, else the nearest `kit.config.*` from `cwd` up to the project root, else none
 * when the command line says everything (`-i` and `-o`, no service named); the services named on
 * the command line, else all; every flag overriding the config for this run.
 */
export async function resolveServices(command: GenerateCommand, cwd: string): Promise<RunSetup> {
  const configFile =
    command.config !== undefined
      ? path.resolve(cwd, command.config)
      : saysEverything(command)
        ? undefined
        : await findConfigFile(cwd);
  const defaults = { debounceMs: DEFAULT_DEBOUNCE_MS, intervalMs: DEFAULT_INTERVAL_MS };
  if (configFile === undefined) {
    if (command.services.length > 0) {
      throw usage(
        `no kit.config.* found in ${cwd} or above, so there is no service ${JSON.stringify(command.services[0])}`,
      );
    }
    if (command.flags.input === undefined) {
      throw usage("missing --input <file> (or a kit.config.* file in this folder or above)");
    }
    return { services: [fromFlags({}, command, { dir: cwd }, cwd)], ...defaults };
  }
  const shown = displayPath(cwd, configFile);
  const config = validateConfig(await loadConfigFile(configFile, shown), shown);
  const selected = selectServices(config.services, command.services, shown);
  if (selected.length > 1 && (command.flags.input ?? command.flags.out) !== undefined) {
    const names = selected.map((service) => service.service).join(", ");
    throw usage(
      `--input and --out apply to one service, but ${shown} has ${selected.length} (${names}); name one: kit generate ${selected[0]!.service} …`,
    );
  }
  const services = selected.map((service) =>
    fromFlags(service, command, { dir: path.dirname(configFile), shown }, cwd),
  );
  checkDistinctOutputs(services, shown);
  return {
    services,
    configFile,
    debounceMs: config.watch.debounce ?? defaults.debounceMs,
    intervalMs: config.watch.interval ?? defaults.intervalMs,
  };
}

/** A run whose document and output are both on the command line needs no config file. */
function saysEverything(command: GenerateCommand): boolean {
  const { input, out } = command.flags;
  return input !== undefined && out !== undefined && command.services.length === 0;
}

function selectServices(
  services: ConfiguredService[],
  names: readonly string[],
  shown: string,
): ConfiguredService[] {
  if (names.length === 0) return services;
  const known = services.flatMap((service) =>
    service.service === undefined ? [] : [service.service],
  );
  return names.map((name) => {
    const service = services.find((candidate) => candidate.service === name);
    if (service !== undefined) return service;
    const closest = closestName(name, known);
    const hint = closest === undefined ? "" : ` (did you mean ${closest}?)`;
    const list = known.length > 0 ? `its services: ${known.join(", ")}` : "it has no services key";
    throw usage(`${shown} has no service ${JSON.stringify(name)}${hint}; ${list}`);
  });
}

/** The configured service with the command line's flags laid over it. */
function fromFlags(
  configured: ConfiguredService,
  command: GenerateCommand,
  config: { dir: string; shown?: string },
  cwd: string,
): Service {
  const { flags } = command;
  const input = flags.input ?? configured.input;
  if (input === undefined) {
    const key = configured.service === undefined ? "input" : `services.${configured.service}.input`;
    throw usage(`the config file sets no ${key}, and no --input is given`, config.shown);
  }
  const inputBase = flags.input === undefined ? config.dir : cwd;
  const outBase = flags.out === undefined ? config.dir : cwd;
  const options: GenerateOptions = {};
  const baseUrl = flags.options.baseUrl ?? configured.baseUrl;
  const name = flags.options.name ?? configured.name;
  const tags = flags.options.tags ?? configured.tags;
  const excludeTags = flags.options.excludeTags ?? configured.excludeTags;
  const envelope = flags.options.envelope ?? configured.envelope;
  if (baseUrl !== undefined) options.baseUrl = baseUrl;
  if (name !== undefined) options.name = name;
  if (tags !== undefined) options.tags = tags;
  if (excludeTags !== undefined) options.excludeTags = excludeTags;
  if (envelope !== undefined) options.envelope = envelope;
  if (configured.tagNames !== undefined) options.tagNames = configured.tagNames;
  if (flags.options.mock !== undefined || configured.mock?.handlers !== undefined)
    options.mock = "msw";
  // The handlers answer what `kit mock` does with the same config.
  if (options.mock === "msw" && configured.mock?.seed !== undefined)
    options.mockSeed = configured.mock.seed;
  const failOn = flags.failOn ?? configured.failOn;
  // Like --clean, the flag can only turn it on.
  if (flags.options.queryObject || configured.queryObject) options.queryObject = true;
  return {
    ...(configured.service === undefined ? {} : { service: configured.service }),
    input: isHttpUrl(input) ? input : path.resolve(inputBase, input),
    out: path.resolve(outBase, flags.out ?? configured.output ?? DEFAULT_GENERATE_OUT),
    clean: flags.clean || (configured.clean ?? false),
    force: flags.force || (configured.force ?? false),
    headers: { ...configured.headers, ...flags.headers },
    timeoutMs: flags.timeout ?? configured.timeout ?? DEFAULT_TIMEOUT_MS,
    maxSize: flags.maxSize ?? configured.maxSize ?? DEFAULT_MAX_SIZE,
    options,
    ...(configured.mock === undefined ? {} : { mock: configured.mock }),
    ...(failOn === undefined ? {} : { failOn }),
  };
}

/** Two services writing one folder would overwrite and `--clean` each other's files. */
function checkDistinctOutputs(services: readonly Service[], shown: string): void {
  const seen = new Map<string, string | undefined>();
  for (const service of services) {
    if (seen.has(service.out)) {
      throw usage(
        `${shown}: services ${seen.get(service.out)} and ${service.service} both write to ${service.out}; give each its own output`,
      );
    }
    seen.set(service.out, service.service);
  }
}

function usage(message: string, file?: string): KitUsageError {
  return new KitUsageError(message, file === undefined ? {} : { file });
}
