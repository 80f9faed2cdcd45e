import axios, { type AxiosInstance } from "axios";
import { readServerOptionLayers } from "../decorators/metadata.js";
import { createApi } from "./api.js";
import { reword } from "./catalogue.js";
import { isKitError, KitOptionsError, KitPluginError } from "./errors.js";
import { axiosTransport } from "./exchange.js";
import { messages } from "./messages.js";
import { type KitResolvedServerOptions, resolveServerOptions } from "./options.js";
import type { KitPlugin, KitServerInfo } from "./plugin.js";
import { crossOriginRedirect, followsRedirectsItself } from "./redirects.js";
import type { Transport } from "./transport.js";
import type { KitApi } from "./types.js";

/**
 * Writes a server's private state, for the functions that live outside the class so that a client
 * that never calls them does not ship them (`configure`, `removePlugin`); nothing else writes it.
 */
export let writeState: {
  options(server: KitServer, options: KitResolvedServerOptions): void;
  plugins(server: KitServer, plugins: readonly KitPlugin[]): void;
};

/**
 * Extend it and decorate the subclass with `@Server(...)`. Each instance owns its axios instance,
 * options and plugins; two servers share nothing. `Envelope` types the `code` and `message` of
 * every result, e.g. `KitServer<{ code: number; message: string }>` (see `KitResult`).
 */
export class KitServer<Envelope = unknown> implements KitServerInfo {
  /** This server's own axios instance; its interceptors see every request. */
  readonly http: AxiosInstance;
  readonly #transport: Transport;
  #options: KitResolvedServerOptions;
  #plugins: readonly KitPlugin[] = Object.freeze([]);
  #setups: Promise<void> | undefined;

  static {
    writeState = {
      options: (server, options) => {
        server.#options = options;
      },
      plugins: (server, plugins) => {
        server.#plugins = Object.freeze(plugins);
      },
    };
  }

  constructor() {
    const layers = readServerOptionLayers(new.target);
    if (layers.length === 0) {
      throw new KitOptionsError(
        "KIT_SERVER_DECORATOR_MISSING",
        messages.KIT_SERVER_DECORATOR_MISSING(new.target.name),
      );
    }
    this.#options = resolveServerOptions(layers);
    const { baseURL, timeout, headers, withCredentials, adapter, maxResponseSize } = this.#options;
    this.http = axios.create({
      baseURL,
      timeout,
      headers: { ...headers },
      withCredentials,
      adapter,
      maxContentLength: maxResponseSize === 0 ? -1 : maxResponseSize,
      // fetch would follow a redirect to any origin unseen; the transport follows instead. The
      // hook is for follow-redirects (the http adapter), which fetch never calls.
      ...(followsRedirectsItself(adapter)
        ? { maxRedirects: 0 }
        : { beforeRedirect: crossOriginRedirect(this.options.crossOriginRedirect) }),
    });
    this.#transport = axiosTransport(this.http, this.options.crossOriginRedirect);
  }

  /**
   * The options of `@Server` along the class chain and every `configure(server, ...)` since,
   * defaults filled in; frozen, replaced as a whole by `configure`.
   */
  get options(): KitResolvedServerOptions {
    return this.#options;
  }

  /** Registered plugins, first registered (outermost) first. */
  get plugins(): readonly KitPlugin[] {
    return this.#plugins;
  }

  unseenCredentials(): string | undefined {
    if (this.options.withCredentials) return "withCredentials (cookies)";
    const interceptors = this.http.interceptors.request.handlers ?? [];
    return interceptors.some(isSet) ? "an axios request interceptor on server.http" : undefined;
  }

  /**
   * Registers `plugin` inside those registered before it, after checking its name, its
   * `dependsOn` and the order it and the registered plugins declare, then calls its `setup`. An
   * async `setup` is awaited before the next send; if it rejects, the plugin is removed again and
   * the sends waiting for it reject with a `KitPluginError` (`KIT_PLUGIN_SETUP_FAILED`).
   * `removePlugin`, `hasPlugin` and `pluginsReady` are functions of their own (`@kit/api`), so a
   * client that never calls them does not ship them.
   */
  use(plugin: KitPlugin): this {
    checkRegistration(plugin, this.#plugins);
    const result = plugin.setup?.(this);
    this.#plugins = Object.freeze([...this.#plugins, plugin]);
    if (isPromiseLike(result)) this.#awaitSetup(plugin, result);
    return this;
  }

  /** The async setups still running, which the next send waits for; else `undefined`. */
  get setups(): Promise<void> | undefined {
    return this.#setups;
  }

  #awaitSetup(plugin: KitPlugin, setup: PromiseLike<void>): void {
    const failed = (error: unknown): never => {
      this.#plugins = Object.freeze(withoutDependents(this.#plugins, plugin.name));
      const reason = error instanceof Error ? error.message : String(error);
      throw new KitPluginError(
        "KIT_PLUGIN_SETUP_FAILED",
        plugin.name,
        messages.KIT_PLUGIN_SETUP_FAILED(plugin.name, reason),
        error,
      );
    };
    const settled = Promise.resolve(setup).then(undefined, failed);
    // Settles when every setup has, so a failure never lets a send past a setup still running.
    const all = Promise.allSettled([this.#setups, settled]).then(([before, now]) => {
      if (before.status === "rejected") throw before.reason;
      if (now.status === "rejected") throw now.reason;
    });
    const done = (): void => {
      if (this.#setups === all) this.#setups = undefined;
    };
    all.then(done, done);
    this.#setups = all;
  }

  /** The API object of a decorated class; its routes are checked on the first call per class. */
  createApi<T>(apiClass: abstract new (...args: never) => T): KitApi<T, Envelope> {
    try {
      return createApi<T, Envelope>(this, this.#transport, apiClass);
    } catch (error) {
      const own = this.#options.messages;
      if (own !== undefined && isKitError(error)) reword(error, own);
      throw error;
    }
  }
}

/** The checks of `use()` that need nothing but the plugin and those registered before it. */
function checkRegistration(plugin: KitPlugin, registered: readonly KitPlugin[]): void {
  if (typeof plugin?.name !== "string" || plugin.name === "") {
    throw new KitOptionsError("KIT_PLUGIN_INVALID", messages.KIT_PLUGIN_INVALID());
  }
  const { name } = plugin;
  const names = registered.map((other) => other.name);
  if (names.includes(name)) {
    throw new KitOptionsError("KIT_PLUGIN_DUPLICATE", messages.KIT_PLUGIN_DUPLICATE(name));
  }
  const missing = plugin.dependsOn?.find((dependency) => !names.includes(dependency));
  if (missing !== undefined) {
    throw new KitOptionsError(
      "KIT_PLUGIN_DEPENDENCY",
      messages.KIT_PLUGIN_DEPENDENCY(name, missing),
    );
  }
  // Either side may declare an order: "auth before cache" is auth's `before` or cache's `after`.
  const outside = registered.find(
    (other) => plugin.before?.includes(other.name) || other.after?.includes(name),
  );
  if (outside !== undefined) {
    throw new KitOptionsError("KIT_PLUGIN_ORDER", messages.KIT_PLUGIN_ORDER(name, outside.name));
  }
}

/** `plugins` without the one named `name` and those that depend on it, directly or not. */
function withoutDependents(plugins: readonly KitPlugin[], name: string): KitPlugin[] {
  const gone = new Set([name]);
  return plugins.filter((plugin) => {
    if (gone.has(plugin.name)) return false;
    if (!plugin.dependsOn?.some((dependency) => gone.has(dependency))) return true;
    gone.add(plugin.name);
    return false;
  });
}

function isPromiseLike(value: unknown): value is PromiseLike<void> {
  return typeof (value as PromiseLike<void> | undefined)?.then === "function";
}

/** An interceptor slot still in use: `eject` leaves `null` behind. */
function isSet(handler: unknown): boolean {
  return handler != null;
}
