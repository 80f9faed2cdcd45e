import { parseArgs } from "node:util";
import { parseSize } from "../openapi/document-size.js";
import { HEADER_NAME } from "../openapi/fetch-document.js";
import type { CliCommand, GenerateMode, ReportFormat, UsageError } from "./command.js";
import { parseEnvelopeFlag } from "./envelope-flag.js";

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
  "dry-run": { type: "boolean" },
  check: { type: "boolean" },
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
 * Turns the arguments after `kit` into a command, or into a usage error naming the first
 * problem. Pure: it reads nothing and checks only what the arguments themselves say.
 */
export function parseArgv(argv: readonly string[]): CliCommand | UsageError {
  const [first, ...rest] = argv;
  if (first === undefined) return usageError("missing command");
  if (first.startsWith("-")) return parseTopLevel(argv);
  const command = COMMANDS.get(first);
  if (command === undefined) return usageError(`unknown command '${first}'`);
  if (command === "mock") return parseMock(rest);
  return command === "generate" ? parseGenerate(rest) : parseInit(rest);
}

export function isUsageError(value: unknown): value is UsageError {
  return (
    typeof value === "object" &&
    value !== null &&
    "command" in value &&
    value.command === "usage-error"
  );
}

function parseTopLevel(argv: readonly string[]): CliCommand | UsageError {
  const parsed = tryParse(() => parseArgs({ args: [...argv], options: HELP_AND_VERSION }));
  if (isUsageError(parsed)) return parsed;
  if (parsed.values.help) return { command: "help" };
  if (parsed.values.version) return { command: "version" };
  return usageError("missing command");
}

function parseGenerate(args: readonly string[]): CliCommand | UsageError {
  const parsed = tryParse(() =>
    parseArgs({ args: [...args], options: GENERATE_FLAGS, allowPositionals: true }),
  );
  if (isUsageError(parsed)) return parsed;
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const input = singleInput(values.input);
  if (isUsageError(input)) return input;
  if (values["dry-run"] && values.check)
    return usageError("--dry-run and --check exclude each other");
  if (values.watch && (values["dry-run"] || values.check)) {
    return usageError(
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
  if (empty) return usageError(`${empty} must not be empty`);
  const tags = commaList("--tags", values.tags);
  if (isUsageError(tags)) return tags;
  const excludeTags = commaList("--exclude-tags", values["exclude-tags"]);
  if (isUsageError(excludeTags)) return excludeTags;
  const envelope = parseEnvelopeFlag(values.envelope);
  if (isUsageError(envelope)) return envelope;
  if (values.mock !== undefined && values.mock !== "msw")
    return usageError(`--mock must be msw; got "${values.mock}"`);
  const headers = parseHeaders(values.header);
  if (isUsageError(headers)) return headers;
  const timeout = parseTimeout(values.timeout);
  if (isUsageError(timeout)) return timeout;
  const maxSize = values["max-size"] === undefined ? undefined : parseSize(values["max-size"]);
  if (values["max-size"] !== undefined && maxSize === undefined) {
    return usageError(
      `--max-size must be a number of bytes or a size such as 50mb; got "${values["max-size"]}"`,
    );
  }
  const report = parseReport(values.report);
  if (isUsageError(report)) return report;
  if (values.watch && report === "json") {
    return usageError("--report json prints one document for one run; it cannot go with --watch");
  }
  const mode: GenerateMode = values.check ? "check" : values["dry-run"] ? "dry-run" : "write";
  const options = {
    ...(values["base-url"] === undefined ? {} : { baseUrl: values["base-url"] }),
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(tags === undefined ? {} : { tags }),
    ...(excludeTags === undefined ? {} : { excludeTags }),
    ...(envelope === undefined ? {} : { envelope }),
    ...(values.mock === undefined ? {} : { mock: "msw" as const }),
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
      options,
    },
    mode,
    watch: values.watch ?? false,
    report,
    verbose: values.verbose ?? false,
  };
}

function parseInit(args: readonly string[]): CliCommand | UsageError {
  const parsed = tryParse(() => parseArgs({ args: [...args], options: INIT_FLAGS }));
  if (isUsageError(parsed)) return parsed;
  const { values } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const empty = findEmptyFlag({
    "--out": values.out,
    "--base-url": values["base-url"],
    "--name": values.name,
  });
  if (empty) return usageError(`${empty} must not be empty`);
  return {
    command: "init",
    out: values.out ?? DEFAULT_INIT_OUT,
    baseUrl: values["base-url"] ?? DEFAULT_INIT_BASE_URL,
    name: values.name,
    force: values.force ?? false,
    verbose: values.verbose ?? false,
  };
}

function parseMock(args: readonly string[]): CliCommand | UsageError {
  const parsed = tryParse(() =>
    parseArgs({ args: [...args], options: MOCK_FLAGS, allowPositionals: true }),
  );
  if (isUsageError(parsed)) return parsed;
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  if (values.version) return { command: "version" };
  const input = singleInput(values.input);
  if (isUsageError(input)) return input;
  const empty = findEmptyFlag({
    "--input": input,
    "--config": values.config,
    "--host": values.host,
  });
  if (empty) return usageError(`${empty} must not be empty`);
  const envelope = parseEnvelopeFlag(values.envelope);
  if (isUsageError(envelope)) return envelope;
  const port = wholeNumber("--port", values.port, 65535);
  if (isUsageError(port)) return port;
  const seed = wholeNumber("--seed", values.seed, 2 ** 31 - 1);
  if (isUsageError(seed)) return seed;
  const delay = wholeNumber("--delay", values.delay, 2 ** 31 - 1);
  if (isUsageError(delay)) return delay;
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
    verbose: values.verbose ?? false,
  };
}

function wholeNumber(
  flag: string,
  value: string | undefined,
  maximum: number,
): number | undefined | UsageError {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^[0-9]+$/.test(value.trim()) || number > maximum) {
    return usageError(`${flag} must be a whole number from 0 to ${maximum}; got "${value}"`);
  }
  return number;
}

/**
 * One document per run: a second `-i` would otherwise silently replace the first. Several
 * documents are several services, each with its own output, so they belong in a config file.
 */
function singleInput(values: string[] | undefined): string | undefined | UsageError {
  if (values === undefined || values.length < 2) return values?.[0];
  return usageError(
    `--input is given ${values.length} times (${values.join(", ")}); a run reads one document. ` +
      "To generate several services, list each with its input and output in kit.config",
  );
}

/** `--header "Authorization: Bearer x"`, repeatable; a later header of the same name wins. */
function parseHeaders(values: string[] | undefined): Record<string, string> | UsageError {
  const headers: Record<string, string> = {};
  for (const value of values ?? []) {
    const colon = value.indexOf(":");
    const name = value.slice(0, colon).trim();
    if (colon === -1 || !HEADER_NAME.test(name) || /[\r\n\0]/.test(value)) {
      return usageError(`--header must be "Name: value" on one line; got ${JSON.stringify(value)}`);
    }
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}

function parseTimeout(value: string | undefined): number | undefined | UsageError {
  if (value === undefined) return undefined;
  const milliseconds = Number(value);
  if (!/^[0-9]+$/.test(value.trim()) || milliseconds < 1 || milliseconds > 2 ** 31 - 1) {
    return usageError(`--timeout must be a number of milliseconds, at least 1; got "${value}"`);
  }
  return milliseconds;
}

function parseReport(value: string | undefined): ReportFormat | UsageError {
  if (value === undefined || value === "text" || value === "json") return value ?? "text";
  return usageError(`--report must be text or json; got "${value}"`);
}

/** `parseArgs` reports unknown options, missing values and stray arguments by throwing. */
function tryParse<T>(parse: () => T): T | UsageError {
  try {
    return parse();
  } catch (error) {
    if (!isParseArgsError(error)) throw error;
    const message = error.message.replaceAll("\n", " ");
    return usageError(message.charAt(0).toLowerCase() + message.slice(1));
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
function commaList(flag: string, values: string[] | undefined): string[] | UsageError | undefined {
  if (values === undefined) return undefined;
  const items = values.flatMap((value) => value.split(",")).map((item) => item.trim());
  const names = items.filter((item) => item !== "");
  return names.length > 0 ? names : usageError(`${flag} needs at least one tag name`);
}

/** An empty path, URL or name is never what the user meant; the runtime rejects an empty baseURL. */
function findEmptyFlag(values: Record<string, string | undefined>): string | undefined {
  return Object.keys(values).find((flag) => values[flag] === "");
}

function usageError(message: string): UsageError {
  return { command: "usage-error", message };
}
