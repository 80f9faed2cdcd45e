import axios, { type AxiosInstance } from "axios";
import { readServerOptionLayers } from "../decorators/metadata.js";
import { createApi } from "./api.js";
import { wording } from "./catalogue.js";
import { KitOptionsError } from "./errors.js";
import { axiosTransport } from "./exchange.js";
import { messages } from "./messages.js";
import { type KitResolvedServerOptions, resolveServerOptions } from "./options.js";
import type { KitPlugin, KitServerInfo } from "./plugin.js";
import { crossOriginRedirect, followsRedirectsItself } from "./redirects.js";
import type { Transport } from "./transport.js";
import type { KitApi } from "./types.js";

/**
 * A server as the functions outside the class change it (`configure`, `removePlugin`, the plugin
 * lifecycle of `definePlugin`), so a client that never calls them does not ship them; `readonly`
 * keeps everyone else from writing these fields.
 */
export type WritableServer = Omit<KitServer, WrittenField> & {
  -readonly [Field in WrittenField]: KitServer[Field];
};

type WrittenField = "options" | "plugins" | "setups";

/**
 * Extend it and decorate the subclass with `@Server(...)`. Each instance owns its axios instance,
 * options and plugins; two servers share nothing. `Envelope` types the `code` and `message` of
 * every result, e.g. `KitServer<{ code: number; message: string }>` (see `KitResult`).
 */
export class KitServer<Envelope = unknown> implements KitServerInfo {
  /** This server's own axios instance; its interceptors see every request. */
  readonly http: AxiosInstance;
  readonly #transport: Transport;
  /**
   * The options of `@Server` along the class chain and every `configure(server, ...)` since,
   * defaults filled in; frozen, replaced as a whole by `configure`.
   */
  readonly options: KitResolvedServerOptions;
  /** Registered plugins, first registered (outermost) first; frozen, replaced as a whole. */
  readonly plugins: readonly KitPlugin[] = Object.freeze([]);
  /** The async setups still running, which the next send waits for; else `undefined`. */
  readonly setups: Promise<void> | undefined;

  constructor() {
    const layers = readServerOptionLayers(new.target);
    if (layers.length === 0) {
      throw new KitOptionsError(
        "KIT_SERVER_DECORATOR_MISSING",
        messages.KIT_SERVER_DECORATOR_MISSING(new.target.name),
      );
    }
    this.options = resolveServerOptions(layers);
    const { baseURL, timeout, headers, withCredentials, adapter, maxResponseSize } = this.options;
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

  unseenCredentials(): string | undefined {
    if (this.options.withCredentials) return "withCredentials (cookies)";
    const interceptors = this.http.interceptors.request.handlers ?? [];
    return interceptors.some(isSet) ? "an axios request interceptor on server.http" : undefined;
  }

  /**
   * Registers `plugin` inside those registered before it, after checking its name, its
   * `dependsOn` and the order it and the registered plugins declare, then calls its `setup`. An
   * async `setup` is awaited before the next send; if it rejects, the plugin is removed again and
   * the sends waiting for it reject with a `KitPluginError` (`KIT_PLUGIN_SETUP_FAILED`). A plugin
   * with a declared order or an async `setup` must be made by `definePlugin`, which brings that
   * code along; any other is refused with `KIT_PLUGIN_UNDECLARED`.
   * `removePlugin`, `hasPlugin` and `pluginsReady` are functions of their own (`@kit/api`), so a
   * client that never calls them does not ship them.
   */
  use(plugin: KitPlugin): this {
    const { plugins } = this;
    if (typeof plugin?.name !== "string" || plugin.name === "") {
      throw new KitOptionsError("KIT_PLUGIN_INVALID", messages.KIT_PLUGIN_INVALID());
    }
    if (plugins.some((other) => other.name === plugin.name)) {
      throw new KitOptionsError("KIT_PLUGIN_DUPLICATE", messages.KIT_PLUGIN_DUPLICATE(plugin.name));
    }
    // A plugin made by `definePlugin` brings the code of order checks and async setups; once one
    // is registered, it checks every later one against the order it declares.
    const register = plugin.register ?? plugins.find((other) => other.register)?.register;
    if (register) {
      register(this, plugin);
      return this;
    }
    refuseUndeclared(plugin);
    refuseUndeclared(plugin, plugin.setup?.(this));
    (this as WritableServer).plugins = Object.freeze([...plugins, plugin]);
    return this;
  }

  /** The API object of a decorated class; its routes are checked on the first call per class. */
  createApi<T>(apiClass: abstract new (...args: never) => T): KitApi<T, Envelope> {
    try {
      return createApi<T, Envelope>(this, this.#transport, apiClass);
    } catch (error) {
      wording.reword?.(error, this);
      throw error;
    }
  }
}

/**
 * Refuses a plugin not made by `definePlugin` that declares an order or whose `setup` answered a
 * promise: the code that checks the order and awaits the setup is not here. Called before
 * `setup` runs, without `setup`, and after, with what it answered; the promise's rejection is
 * caught, so it is not unhandled too.
 */
export function refuseUndeclared(plugin: KitPlugin, setup?: PromiseLike<void> | void): void {
  if (plugin.dependsOn || plugin.before || plugin.after || typeof setup?.then === "function") {
    setup?.then(undefined, () => {});
    throw new KitOptionsError("KIT_PLUGIN_UNDECLARED", messages.KIT_PLUGIN_UNDECLARED(plugin.name));
  }
}

/** An interceptor slot still in use: `eject` leaves `null` behind. */
function isSet(handler: unknown): boolean {
  return handler != null;
}
