import { parseArgs } from "node:util";
import { ENVELOPE_FORMAT, parseEnvelopeKeys } from "../config/envelope-keys.js";
import { KitUsageError } from "../errors.js";
import { parseSize } from "../openapi/document-size.js";
import { HEADER_NAME } from "../openapi/url-input.js";
import type { EnvelopeKeys } from "../options.js";
import type { CliCommand, GenerateMode, ReportFormat } from "./command.js";

const HELP_AND_VERSION = {
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
} as const;

const GENERATE_FLAGS = {
  ...HELP_AND_VERSION,
  input: { type: "string", short: "i", multiple: true },
  out: { type: "string", short: "o" },
  config: { type: "string", short: "c" },
  header: { type: "string", short: "H", multiple: true },
  timeout: { type: "string" },
  "max-size": { type: "string" },
  watch: { type: "boolean", short: "w" },
  report: { type: "string" },
  "base-url": { type: "string" },
  name: { type: "string" },
  tags: { type: "string", multiple: true },
  "exclude-tags": { type: "string", multiple: true },
  envelope: { type: "string" },
  mock: { type: "string" },
  "query-object": { type: "boolean" },
  "dry-run": { type: "boolean" },
  check: { type: "boolean" },
  "fail-on": { type: "string" },
  force: { type: "boolean" },
  clean: { type: "boolean" },
  verbose: { type: "boolean" },
} as const;

const INIT_FLAGS = {
  ...HELP_AND_VERSION,
  out: { type: "string", short: "o" },
  "base-url": { type: "string" },
  name: { type: "string" },
  force: { type: "boolean" },
  verbose: { type: "boolean" },
} as const;

const MOCK_FLAGS = {
  ...HELP_AND_VERSION,
  input: { type: "string", short: "i", multiple: true },
  config: { type: "string", short: "c" },
  port: { type: "string", short: "p" },
  host: { type: "string" },
  seed: { type: "string" },
  delay: { type: "string" },
  envelope: { type: "string" },
  "allowed-host": { type: "string", multiple: true },
  "cors-origin": { type: "string", multiple: true },
  "max-body": { type: "string" },
  watch: { type: "boolean", short: "w" },
  verbose: { type: "boolean" },
} as const;

const COMMANDS = new Map<string, "generate" | "init" | "mock">([
  ["generate", "generate"],
  ["g", "generate"],
  ["init", "init"],
  ["mock", "mock"],
]);

export const DEFAULT_GENERATE_OUT = "src";
export const DEFAULT_INIT_OUT = "src/service";
export const DEFAULT_INIT_BASE_URL = "/api";

/**
 * Turns the arguments after `kit` into a command, or throws a `KitUsageError` naming the first
 * problem. Pure: it reads nothing and checks only what the arguments themselves say.
 */
export function parseArgv(argv: readonly string[]): CliCommand {
  const [first, ...rest] = argv;
  if (first === undefined) throw usageError("missing command");
  if (first.startsWith("-")) return parseTopLevel(argv);
  const command = COMMANDS.get(first);
  if (command === undefined) throw usageError(`unknown command '${first}'`);
  if (command === "mock") return parseMock(rest);
  return command === "generate" ? parseGenerate(rest) : parseInit(rest);
}

function parseTopLevel(argv: readonly string[]): CliCommand {
  const parsed = tryParse(() => parseArgs({ args: [...argv], options: HELP_AND_VERSION }));
  if (parsed.values.help) return { command: "help" };
  if (parsed.values.version) return { command: "version" };
  throw usageError("missing command");
}

function parseGenerate(args: readonly string[]): CliCommand {
  const parsed = tryParse(() =>
    parseArgs({ args: [...args], options: GENERATE_FLAGS, allowPositionals: true }),
  );
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const input = singleInput(values.input);
  if (values["dry-run"] && values.check)
    throw usageError("--dry-run and --check exclude each other");
  if (values.watch && (values["dry-run"] || values.check)) {
    throw usageError(
      `--watch writes the client; it cannot go with --${values.check ? "check" : "dry-run"}`,
    );
  }
  const empty = findEmptyFlag({
    "--input": input,
    "--out": values.out,
    "--config": values.config,
    "--base-url": values["base-url"],
    "--name": values.name,
  });
  if (empty) throw usageError(`${empty} must not be empty`);
  const tags = commaList("--tags", values.tags);
  const excludeTags = commaList("--exclude-tags", values["exclude-tags"]);
  const envelope = envelopeFlag(values.envelope);
  if (values.mock !== undefined && values.mock !== "msw")
    throw usageError(`--mock must be msw; got "${values.mock}"`);
  const headers = parseHeaders(values.header);
  const timeout = parseTimeout(values.timeout);
  const maxSize = values["max-size"] === undefined ? undefined : parseSize(values["max-size"]);
  if (values["max-size"] !== undefined && maxSize === undefined) {
    throw usageError(
      `--max-size must be a number of bytes or a size such as 50mb; got "${values["max-size"]}"`,
    );
  }
  const failOn = values["fail-on"];
  if (failOn !== undefined && failOn !== "breaking" && failOn !== "changes")
    throw usageError(`--fail-on must be breaking or changes; got "${failOn}"`);
  if (failOn !== undefined && !values.check) throw usageError("--fail-on goes with --check");
  const report = parseReport(values.report);
  if (values.watch && report === "json") {
    throw usageError("--report json prints one document for one run; it cannot go with --watch");
  }
  const mode: GenerateMode = values.check ? "check" : values["dry-run"] ? "dry-run" : "write";
  const options = {
    ...(values["base-url"] === undefined ? {} : { baseUrl: values["base-url"] }),
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(tags === undefined ? {} : { tags }),
    ...(excludeTags === undefined ? {} : { excludeTags }),
    ...(envelope === undefined ? {} : { envelope }),
    ...(values.mock === undefined ? {} : { mock: "msw" as const }),
    ...(values["query-object"] ? { queryObject: true } : {}),
  };
  return {
    command: "generate",
    services: [...new Set(positionals)],
    ...(values.config === undefined ? {} : { config: values.config }),
    flags: {
      ...(input === undefined ? {} : { input }),
      ...(values.out === undefined ? {} : { out: values.out }),
      clean: values.clean ?? false,
      force: values.force ?? false,
      headers,
      ...(timeout === undefined ? {} : { timeout }),
      ...(maxSize === undefined ? {} : { maxSize }),
      ...(failOn === undefined ? {} : { failOn }),
      options,
    },
    mode,
    watch: values.watch ?? false,
    report,
    verbose: values.verbose ?? false,
  };
}

function parseInit(args: readonly string[]): CliCommand {
  const parsed = tryParse(() => parseArgs({ args: [...args], options: INIT_FLAGS }));
  const { values } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const empty = findEmptyFlag({
    "--out": values.out,
    "--base-url": values["base-url"],
    "--name": values.name,
  });
  if (empty) throw usageError(`${empty} must not be empty`);
  return {
    command: "init",
    out: values.out ?? DEFAULT_INIT_OUT,
    baseUrl: values["base-url"] ?? DEFAULT_INIT_BASE_URL,
    name: values.name,
    force: values.force ?? false,
    verbose: values.verbose ?? false,
  };
}

function parseMock(args: readonly string[]): CliCommand {
  const parsed = tryParse(() =>
    parseArgs({ args: [...args], options: MOCK_FLAGS, allowPositionals: true }),
  );
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const input = singleInput(values.input);
  const empty = findEmptyFlag({
    "--input": input,
    "--config": values.config,
    "--host": values.host,
  });
  if (empty) throw usageError(`${empty} must not be empty`);
  const envelope = envelopeFlag(values.envelope);
  const port = wholeNumber("--port", values.port, 65535);
  const seed = wholeNumber("--seed", values.seed, 2 ** 31 - 1);
  const delay = wholeNumber("--delay", values.delay, 2 ** 31 - 1);
  const maxBody = wholeNumber("--max-body", values["max-body"], 2 ** 40);
  const allowedHosts = listOrAny(values["allowed-host"]);
  const corsOrigins = listOrAny(values["cors-origin"]);
  return {
    command: "mock",
    services: [...new Set(positionals)],
    ...(values.config === undefined ? {} : { config: values.config }),
    ...(input === undefined ? {} : { input }),
    ...(port === undefined ? {} : { port }),
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(seed === undefined ? {} : { seed }),
    ...(delay === undefined ? {} : { delay }),
    ...(envelope === undefined ? {} : { envelope }),
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
    ...(corsOrigins === undefined ? {} : { corsOrigins }),
    ...(maxBody === undefined ? {} : { maxBody }),
    ...(values.watch ? { watch: true } : {}),
    verbose: values.verbose ?? false,
  };
}

/** A repeatable flag's values, each also comma-separated; `*` among them means any. */
function listOrAny(values: readonly string[] | undefined): string[] | true | undefined {
  if (values === undefined) return undefined;
  const items = values.flatMap((value) => value.split(",")).map((item) => item.trim());
  return items.includes("*") ? true : items.filter((item) => item !== "");
}

function wholeNumber(flag: string, value: string | undefined, maximum: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^[0-9]+$/.test(value.trim()) || number > maximum) {
    throw usageError(`${flag} must be a whole number from 0 to ${maximum}; got "${value}"`);
  }
  return number;
}

/**
 * One document per run: a second `-i` would otherwise silently replace the first. Several
 * documents are several services, each with its own output, so they belong in a config file.
 */
function singleInput(values: string[] | undefined): string | undefined {
  if (values === undefined || values.length < 2) return values?.[0];
  throw usageError(
    `--input is given ${values.length} times (${values.join(", ")}); a run reads one document. ` +
      "To generate several services, list each with its input and output in kit.config",
  );
}

/** `--header "Authorization: Bearer x"`, repeatable; a later header of the same name wins. */
function parseHeaders(values: string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values ?? []) {
    const colon = value.indexOf(":");
    const name = value.slice(0, colon).trim();
    if (colon === -1 || !HEADER_NAME.test(name) || /[\r\n\0]/.test(value)) {
      throw usageError(`--header must be "Name: value" on one line; got ${JSON.stringify(value)}`);
    }
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}

function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const milliseconds = Number(value);
  if (!/^[0-9]+$/.test(value.trim()) || milliseconds < 1 || milliseconds > 2 ** 31 - 1) {
    throw usageError(`--timeout must be a number of milliseconds, at least 1; got "${value}"`);
  }
  return milliseconds;
}

function parseReport(value: string | undefined): ReportFormat {
  if (value === undefined || value === "text" || value === "json") return value ?? "text";
  throw usageError(`--report must be text or json; got "${value}"`);
}

/** `parseArgs` reports unknown options, missing values and stray arguments by throwing. */
function tryParse<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!isParseArgsError(error)) throw error;
    const message = error.message.replaceAll("\n", " ");
    throw usageError(message.charAt(0).toLowerCase() + message.slice(1));
  }
}

function isParseArgsError(error: unknown): error is TypeError & { code: string } {
  return (
    error instanceof TypeError &&
    "code" in error &&
    typeof error.code === "string" &&
    error.code.startsWith("ERR_PARSE_ARGS_")
  );
}

/** `--tags a,b --tags c` gives `["a", "b", "c"]`; an empty list is a mistake, not "all tags". */
function commaList(flag: string, values: string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const items = values.flatMap((value) => value.split(",")).map((item) => item.trim());
  const names = items.filter((item) => item !== "");
  if (names.length === 0) throw usageError(`${flag} needs at least one tag name`);
  return names;
}

function envelopeFlag(value: string | undefined): EnvelopeKeys | "none" | undefined {
  if (value === undefined) return undefined;
  const keys = parseEnvelopeKeys(value);
  if (keys === undefined) throw usageError(`--envelope must be ${ENVELOPE_FORMAT}; got "${value}"`);
  return keys;
}

/** An empty path, URL or name is never what the user meant; the runtime rejects an empty baseURL. */
function findEmptyFlag(values: Record<string, string | undefined>): string | undefined {
  return Object.keys(values).find((flag) => values[flag] === "");
}

/** A command line that cannot run; the CLI prints its message and exits with 2. */
function usageError(message: string): KitUsageError {
  return new KitUsageError(`${message} (run kit --help for usage)`);
}
