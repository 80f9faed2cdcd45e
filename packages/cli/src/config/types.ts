import type { EnvelopeKeys } from "../options.js";

/** One client to generate: where its document is, where it goes, and how it is generated. */
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
  /** Envelope keys (`{ codeKey, messageKey, dataKey }` or `"code,msg,data"`), or `"none"`. */
  envelope?: EnvelopeKeys | "none" | `${string},${string},${string}`;
  /** Delete generated files in `apis/` and `types/` that this run no longer writes. */
  clean?: boolean;
  /** Overwrite files that lack the generated marker. */
  force?: boolean;
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
