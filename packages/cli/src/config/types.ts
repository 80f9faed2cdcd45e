import type { EnvelopeKeys } from "../options.js";

/** One client to generate: where its document is, where it goes, and how it is generated. */
/** The config file's envelope object: success values may be numbers or booleans too. */
export interface EnvelopeConfig extends Omit<EnvelopeKeys, "successCodes"> {
  successCodes?: readonly (string | number | boolean)[];
}

export interface ServiceConfig {
  /** A path (relative to the config file) or an http(s) URL of the OpenAPI document. */
  input?: string;
  /** The source root that `apis/`, `types/`, `service.ts` and `index.ts` go into; default `src`. */
  output?: string;
  /** baseURL written into `service.ts`; default `servers[0].url`, else `/api`. */
  baseUrl?: string;
  /** `name` written into the server decorator. */
  name?: string;
  /** Generate only these tags; untagged operations belong to tag `default`. */
  tags?: string[];
  /** Leave these tags out; applied before `tags`. */
  excludeTags?: string[];
  /**
   * A name per tag for its file and class: `{ "用户管理": "users" }` gives `apis/users.api.ts` and
   * `UsersApi` (a tag without ASCII letters is otherwise named by a hash of its text).
   */
  tagNames?: Record<string, string>;
  /**
   * Envelope keys and success values (`{ codeKey, messageKey, dataKey, successCodes: [20000] }`,
   * `"code=20000,msg,data"`, `"code,msg,data,success=true"`), or `"none"`.
   */
  envelope?: EnvelopeConfig | "none" | `${string},${string},${string}`;
  /** Delete generated files in `apis/` and `types/` that this run no longer writes. */
  clean?: boolean;
  /** Overwrite files that lack the generated marker. */
  force?: boolean;
  /** Each operation's query parameters as one typed `query` object; default: one parameter each. */
  queryObject?: boolean;
  /** What fails `kit generate --check`: any difference (`"changes"`, default) or a breaking change. */
  failOn?: "changes" | "breaking";
  /** Request headers for a URL input, e.g. `{ authorization: \`Bearer ${process.env.TOKEN}\` }`. */
  headers?: Record<string, string>;
  /** Milliseconds a URL input may take to answer completely; default 30000. */
  timeout?: number;
  /** Most bytes a URL input's answer may have, as it arrives and as it unpacks: a number of bytes or `"50mb"`; default 100 MB. */
  maxSize?: number | string;
  /** How `kit mock` serves this service; each `kit mock` flag overrides its key. */
  mock?: MockConfig;
}

export interface MockConfig {
  /** Default 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Varies the synthesized values; default 0. */
  seed?: number;
  /** Milliseconds to wait before each answer; default 0. */
  delay?: number;
  /** `Host` names accepted besides localhost, 127.0.0.1 and [::1]; `true`: any. */
  allowedHosts?: string[] | true;
  /** Page origins given CORS besides localhost ones; `true`: any. */
  corsOrigins?: string[] | true;
  /** Largest request body in bytes; default 10485760 (10 MiB). */
  maxBody?: number;
  /** `"msw"`: `kit generate` also writes `mocks/`, typed MSW handlers per tag. */
  handlers?: "msw";
}

export interface WatchConfig {
  /** Milliseconds to wait after a change for more changes before regenerating; default 200. */
  debounce?: number;
  /** Milliseconds between two requests for a URL input; default 2000. */
  interval?: number;
}

/**
 * `kit.config.*`: one service given by the keys of `ServiceConfig` at the top, or several under
 * `services`, where the top-level keys are defaults every service may override.
 */
export interface KitConfig extends ServiceConfig {
  services?: Record<string, ServiceConfig>;
  watch?: WatchConfig;
}

/** Types a config file's default export; returns it unchanged. */
export function defineConfig(config: KitConfig): KitConfig {
  return config;
}
