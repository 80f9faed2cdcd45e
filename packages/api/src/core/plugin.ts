import type { KitResolvedServerOptions } from "./options.js";
import type { KitResult } from "./result.js";
import type { KitRequest } from "./vocabulary.js";

/**
 * Per-call options for plugins, set with `KitMethod.options(...)`.
 * Each plugin adds its own field by declaration merging, e.g. `cache?: { skip?: boolean }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by plugins through declaration merging
export interface KitCallOptions {}

/** A bag for plugins to pass values along one send; plugins add typed fields by declaration merging. */
export interface KitMeta {
  [key: string]: unknown;
}

/**
 * The server as plugins and the request layers see it. `KitServer` is one; this interface keeps
 * the layers below the server class from importing it, so the runtime has no import circle.
 */
export interface KitServerInfo {
  /** The options of `@Server`, defaults filled in. */
  readonly options: KitResolvedServerOptions;
  /** Registered plugins, first registered (outermost) first. */
  readonly plugins: readonly KitPlugin[];
  /**
   * What may add credentials to a request after every plugin ran, out of the plugins' sight:
   * `withCredentials` (cookies) or an axios request interceptor. `undefined` when nothing does.
   */
  unseenCredentials(): string | undefined;
}

export interface KitContext {
  readonly server: KitServerInfo;
  /** The API class name, e.g. `PetApi`. */
  readonly api: string;
  /** The method name, e.g. `getPetById`. */
  readonly method: string;
  readonly request: KitRequest;
  readonly args: readonly unknown[];
  readonly options: Readonly<KitCallOptions>;
  readonly meta: KitMeta;
}

/** Runs the rest of the chain; the innermost step is the HTTP exchange, unwrapping and code validation. */
export type KitNext = () => Promise<KitResult<unknown, unknown>>;

export interface KitPlugin {
  readonly name: string;
  setup?(server: KitServerInfo): void;
  request?(ctx: KitContext, next: KitNext): Promise<KitResult<unknown, unknown>>;
}
