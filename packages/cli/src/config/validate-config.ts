import { KitUsageError } from "../errors.js";
import { parseSize } from "../openapi/document-size.js";
import { isObject } from "../openapi/is-object.js";
import { HEADER_NAME } from "../openapi/url-input.js";
import type { EnvelopeKeys } from "../options.js";
import { closestName } from "../util/closest-name.js";
import { parseEnvelopeKeys } from "./envelope-keys.js";
import type { MockConfig, ServiceConfig, WatchConfig } from "./types.js";

/** A service as the config file describes it, checked; paths still as written. */
export interface ConfiguredService extends Omit<ServiceConfig, "envelope" | "maxSize"> {
  /** The key under `services`; undefined for a config that is one service. */
  service?: string;
  envelope?: EnvelopeKeys | "none";
  /** In bytes. */
  maxSize?: number;
}

export interface ValidConfig {
  services: ConfiguredService[];
  watch: WatchConfig;
}

const SERVICE_KEYS = [
  "input",
  "output",
  "baseUrl",
  "name",
  "tags",
  "excludeTags",
  "tagNames",
  "envelope",
  "clean",
  "force",
  "queryObject",
  "failOn",
  "headers",
  "timeout",
  "maxSize",
  "mock",
] as const;
const TOP_KEYS = [...SERVICE_KEYS, "services", "watch"];
const WATCH_KEYS = ["debounce", "interval"];
const MOCK_KEYS = [
  "port",
  "host",
  "seed",
  "delay",
  "handlers",
  "allowedHosts",
  "corsOrigins",
  "maxBody",
];
const SERVICE_NAME = /^[A-Za-z0-9][\w.-]*$/;
/**
 * Checks a config file's export. Every mistake is a usage error naming the file and the key
 * (`services.users.tags`), so nothing runs on a half-understood config.
 */
export function validateConfig(value: unknown, file: string): ValidConfig {
  const fail = (key: string, problem: string): never => {
    throw new KitUsageError(`${key} ${problem}`, { file });
  };
  if (!isObject(value)) {
    fail("the default export", "must be an object, e.g. export default defineConfig({ … })");
  }
  const top = value as Record<string, unknown>;
  checkKeys(top, TOP_KEYS, "", fail);
  const defaults = readService(top, "", fail);
  const watch = readWatch(top.watch, fail);
  if (top.services === undefined) return { services: [defaults], watch };
  if (!isObject(top.services) || Object.keys(top.services).length === 0) {
    fail("services", "must be an object with at least one service, e.g. { users: { input } }");
  }
  const services = Object.entries(top.services as Record<string, unknown>).map(([name, raw]) => {
    const key = `services.${name}`;
    if (!SERVICE_NAME.test(name)) {
      fail(key, "is not a service name: use letters, digits, '.', '_' and '-'");
    }
    if (!isObject(raw)) fail(key, "must be an object");
    const entry = raw as Record<string, unknown>;
    checkKeys(entry, SERVICE_KEYS, `${key}.`, fail);
    return { ...defaults, ...readService(entry, `${key}.`, fail), service: name };
  });
  return { services, watch };
}

type Fail = (key: string, problem: string) => never;

function checkKeys(value: object, known: readonly string[], prefix: string, fail: Fail): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const closest = closestName(key, known);
    fail(`${prefix}${key}`, `is not a config key${closest ? ` (did you mean ${closest}?)` : ""}`);
  }
}

function readService(
  value: Record<string, unknown>,
  prefix: string,
  fail: Fail,
): Omit<ConfiguredService, "service"> {
  const service: Omit<ConfiguredService, "service"> = {};
  const text = (key: "input" | "output" | "baseUrl" | "name") => {
    const raw = value[key];
    if (raw === undefined) return;
    if (typeof raw !== "string" || raw.trim() === "")
      fail(prefix + key, "must be a non-empty string");
    service[key] = raw as string;
  };
  text("input");
  text("output");
  text("baseUrl");
  text("name");
  for (const key of ["tags", "excludeTags"] as const) {
    const raw = value[key];
    if (raw === undefined) continue;
    const valid =
      Array.isArray(raw) &&
      raw.length > 0 &&
      raw.every((tag) => typeof tag === "string" && tag.trim() !== "");
    if (!valid) fail(prefix + key, 'must be a non-empty list of tag names, e.g. ["pet"]');
    service[key] = (raw as string[]).map((tag) => tag.trim());
  }
  for (const key of ["clean", "force", "queryObject"] as const) {
    const raw = value[key];
    if (raw === undefined) continue;
    if (typeof raw !== "boolean") fail(prefix + key, "must be true or false");
    service[key] = raw as boolean;
  }
  if (value.tagNames !== undefined) service.tagNames = readTagNames(value.tagNames, prefix, fail);
  if (value.failOn !== undefined) {
    if (value.failOn !== "changes" && value.failOn !== "breaking")
      fail(`${prefix}failOn`, 'must be "changes" or "breaking"');
    service.failOn = value.failOn as "changes" | "breaking";
  }
  if (value.envelope !== undefined) service.envelope = readEnvelope(value.envelope, prefix, fail);
  if (value.headers !== undefined) service.headers = readHeaders(value.headers, prefix, fail);
  if (value.timeout !== undefined) {
    service.timeout = milliseconds(value.timeout, `${prefix}timeout`, fail, 1);
  }
  if (value.maxSize !== undefined) {
    const size =
      typeof value.maxSize === "string" || typeof value.maxSize === "number"
        ? parseSize(value.maxSize)
        : undefined;
    if (size === undefined)
      fail(`${prefix}maxSize`, 'must be a number of bytes or a size such as "50mb"');
    service.maxSize = size;
  }
  if (value.mock !== undefined) service.mock = readMock(value.mock, `${prefix}mock`, fail);
  return service;
}

/** `{ "用户管理": "users" }`: each name must give a file and class name (ASCII letters or digits). */
function readTagNames(raw: unknown, prefix: string, fail: Fail): Record<string, string> {
  const key = `${prefix}tagNames`;
  if (!isObject(raw))
    fail(key, 'must be an object of tag names and names, e.g. { "用户管理": "users" }');
  const names: Record<string, string> = {};
  for (const [tag, name] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof name !== "string" || !/[A-Za-z0-9]/.test(name)) {
      fail(`${key}.${tag}`, 'must be a name with ASCII letters or digits, e.g. "users"');
    }
    names[tag] = name as string;
  }
  return names;
}

function readMock(raw: unknown, key: string, fail: Fail): MockConfig {
  if (!isObject(raw)) fail(key, "must be an object: { port, host, seed, delay, handlers }");
  const value = raw as Record<string, unknown>;
  checkKeys(value, MOCK_KEYS, `${key}.`, fail);
  const whole = (name: string, maximum: number): number | undefined => {
    const entry = value[name];
    if (entry === undefined) return undefined;
    if (typeof entry !== "number" || !Number.isInteger(entry) || entry < 0 || entry > maximum)
      fail(`${key}.${name}`, `must be a whole number from 0 to ${maximum}`);
    return entry as number;
  };
  if (value.host !== undefined && (typeof value.host !== "string" || value.host.trim() === ""))
    fail(`${key}.host`, "must be a non-empty string");
  const mock: MockConfig = {};
  const port = whole("port", 65535);
  const seed = whole("seed", 2 ** 31 - 1);
  const delay = whole("delay", 2 ** 31 - 1);
  if (port !== undefined) mock.port = port;
  if (value.host !== undefined) mock.host = value.host as string;
  if (seed !== undefined) mock.seed = seed;
  if (delay !== undefined) mock.delay = delay;
  const maxBody = whole("maxBody", 2 ** 40);
  if (maxBody !== undefined) mock.maxBody = maxBody;
  for (const name of ["allowedHosts", "corsOrigins"] as const) {
    const entry = value[name];
    if (entry === undefined) continue;
    if (
      entry !== true &&
      !(Array.isArray(entry) && entry.every((item) => typeof item === "string"))
    )
      fail(`${key}.${name}`, "must be true or a list of strings");
    mock[name] = entry === true ? true : [...(entry as string[])];
  }
  if (value.handlers !== undefined) {
    if (value.handlers !== "msw") fail(`${key}.handlers`, 'must be "msw"');
    mock.handlers = "msw";
  }
  return mock;
}

function readEnvelope(raw: unknown, prefix: string, fail: Fail): EnvelopeKeys | "none" {
  const key = `${prefix}envelope`;
  if (typeof raw === "string") {
    const parsed = parseEnvelopeKeys(raw);
    if (parsed === undefined) {
      return fail(
        key,
        'must be "none" or three different keys "code,message,data", optionally with success codes "code=20000,msg,data" or a success field "code,msg,data,success=true"',
      );
    }
    return parsed;
  }
  if (isObject(raw)) {
    const { codeKey, messageKey, dataKey, successCodes, successKey, ...rest } = raw as Record<
      string,
      unknown
    >;
    const keys = [codeKey, messageKey, dataKey, ...(successKey === undefined ? [] : [successKey])];
    const codes = Array.isArray(successCodes) ? successCodes : undefined;
    if (
      Object.keys(rest).length === 0 &&
      keys.every((entry) => typeof entry === "string" && entry !== "") &&
      new Set(keys).size === keys.length &&
      (successCodes === undefined ||
        (codes !== undefined &&
          codes.length > 0 &&
          codes.every((code) => ["string", "number", "boolean"].includes(typeof code)))) &&
      (successKey === undefined || codes !== undefined)
    ) {
      return {
        codeKey,
        messageKey,
        dataKey,
        ...(codes ? { successCodes: codes.map(String) } : {}),
        ...(successKey !== undefined ? { successKey } : {}),
      } as EnvelopeKeys;
    }
  }
  return fail(
    key,
    'must be "none", "code,message,data" or { codeKey, messageKey, dataKey, successCodes?, successKey? }',
  );
}

function readHeaders(raw: unknown, prefix: string, fail: Fail): Record<string, string> {
  if (!isObject(raw)) fail(`${prefix}headers`, "must be an object of header names and values");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const key = `${prefix}headers.${name}`;
    if (!HEADER_NAME.test(name)) fail(key, "is not a valid header name");
    if (typeof value !== "string" || /[\r\n\0]/.test(value)) {
      fail(key, "must be a string on one line");
    }
    headers[name] = value as string;
  }
  return headers;
}

function readWatch(raw: unknown, fail: Fail): WatchConfig {
  if (raw === undefined) return {};
  if (!isObject(raw)) fail("watch", "must be an object: { debounce, interval }");
  const value = raw as Record<string, unknown>;
  checkKeys(value, WATCH_KEYS, "watch.", fail);
  return {
    ...(value.debounce === undefined
      ? {}
      : { debounce: milliseconds(value.debounce, "watch.debounce", fail, 0) }),
    ...(value.interval === undefined
      ? {}
      : { interval: milliseconds(value.interval, "watch.interval", fail, 1) }),
  };
}

function milliseconds(raw: unknown, key: string, fail: Fail, minimum: number): number {
  if (typeof raw !== "number" || !Number.isFinite(raw) || raw < minimum || raw > 2 ** 31 - 1) {
    return fail(key, `must be a number of milliseconds, at least ${minimum}`);
  }
  return raw;
}
