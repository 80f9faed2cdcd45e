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
  /** The async plugin setups still running, which a send waits for; else `undefined`. */
  readonly setups?: Promise<void> | undefined;
  /**
   * What may add credentials to a request after every plugin ran, out of the plugins' sight:
   * `withCredentials` (cookies) or an axios request interceptor. `undefined` when nothing does.
   */
  unseenCredentials(): string | undefined;
}

export interface KitContext {
  readonly server: KitServerInfo;
  /**
   * The server's options when this send started. `configure(server, ...)` during the send changes
   * `server.options` for later sends; this send keeps using these (baseURL, headers, timeout,
   * envelope rules).
   */
  readonly serverOptions: KitResolvedServerOptions;
  /** The API class name, e.g. `PetApi`. */
  readonly api: string;
  /** The method name, e.g. `getPetById`. */
  readonly method: string;
  readonly request: KitRequest;
  readonly args: readonly unknown[];
  /** Plugin options: the call's `options(...)` over the method's and class's `@PluginOptions`. */
  readonly options: Readonly<KitCallOptions>;
  readonly meta: KitMeta;
}

/** Runs the rest of the chain; the innermost step is the HTTP exchange, unwrapping and code validation. */
export type KitNext = () => Promise<KitResult<unknown, unknown>>;

/** Registers a plugin on a server, order checks and async setup included (`definePlugin`). */
export type KitPluginRegister = (server: KitServerInfo, plugin: KitPlugin) => void;

/**
 * A plugin. `use()` checks its declared order against the plugins already registered, then calls
 * `setup`; an async `setup` is awaited before the server's next send.
 */
export interface KitPlugin {
  readonly name: string;
  /**
   * Plugins that must be registered before this one (outside it); `use()` refuses it otherwise.
   * A plugin that declares `dependsOn`, `before` or `after` is made with `definePlugin`.
   */
  readonly dependsOn?: readonly string[];
  /** Plugins this one must sit outside of: registered after them, it is refused. */
  readonly before?: readonly string[];
  /** Plugins this one must sit inside of: registered before them, they are refused. */
  readonly after?: readonly string[];
  /**
   * Called by `use()`. In a plugin made with `definePlugin` it may return a promise (`void`
   * accepts an async function): the promise is awaited before the next send, and if it rejects,
   * the plugin is removed again.
   */
  setup?(server: KitServerInfo): void;
  /**
   * Set by `definePlugin`: what `use()` runs to check a declared order and await an async setup.
   * Not set by hand.
   */
  readonly register?: KitPluginRegister;
  /** Called by `removePlugin(server, name)`. */
  teardown?(server: KitServerInfo): void;
  /** Must answer `next()`'s result or a `KitResult` of its own; `undefined` is a plugin error. */
  request?(ctx: KitContext, next: KitNext): Promise<KitResult<unknown, unknown>>;
}
