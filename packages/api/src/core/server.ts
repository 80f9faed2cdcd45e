import axios, { type AxiosInstance } from "axios";
import { readServerOptionLayers } from "../decorators/metadata.js";
import { createApi } from "./api.js";
import { KitOptionsError } from "./errors.js";
import { axiosTransport } from "./exchange.js";
import { messages } from "./messages.js";
import { type KitResolvedServerOptions, resolveServerOptions } from "./options.js";
import type { KitPlugin, KitServerInfo } from "./plugin.js";
import { crossOriginRedirect, followsRedirectsItself } from "./redirects.js";
import type { Transport } from "./transport.js";
import type { KitApi } from "./types.js";

/**
 * Extend it and decorate the subclass with `@Server(...)`. Each instance owns its axios instance,
 * options and plugins; two servers share nothing. `Envelope` types the `code` and `message` of
 * every result, e.g. `KitServer<{ code: number; message: string }>` (see `KitResult`).
 */
export class KitServer<Envelope = unknown> implements KitServerInfo {
  /** The options of `@Server` along the class chain, defaults filled in. */
  readonly options: KitResolvedServerOptions;
  /** This server's own axios instance; its interceptors see every request. */
  readonly http: AxiosInstance;
  readonly #transport: Transport;
  #plugins: readonly KitPlugin[] = Object.freeze([]);

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
    // axios's default `maxBodyLength: -1` ("no limit") is what an unset one means to every
    // adapter. axios merges, copies and checks every config key on each request, and past 19 keys
    // the merged config outgrows its hash table (2 KB and a rehash per request, ≈ 1 µs), which
    // Kit's requests did with this key (docs/runtime.md, Performance).
    delete this.http.defaults.maxBodyLength;
    this.#transport = axiosTransport(this.http, this.options.crossOriginRedirect);
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

  /** Calls the plugin's `setup`, then registers it after the others; names must be unique. */
  use(plugin: KitPlugin): this {
    if (typeof plugin?.name !== "string" || plugin.name === "") {
      throw new KitOptionsError("KIT_PLUGIN_INVALID", messages.KIT_PLUGIN_INVALID());
    }
    if (this.#plugins.some((registered) => registered.name === plugin.name)) {
      throw new KitOptionsError("KIT_PLUGIN_DUPLICATE", messages.KIT_PLUGIN_DUPLICATE(plugin.name));
    }
    plugin.setup?.(this);
    this.#plugins = Object.freeze([...this.#plugins, plugin]);
    return this;
  }

  /** The API object of a decorated class; its routes are checked on the first call per class. */
  createApi<T>(apiClass: abstract new (...args: never) => T): KitApi<T, Envelope> {
    return createApi<T, Envelope>(this, this.#transport, apiClass);
  }
}

/** An interceptor slot still in use: `eject` leaves `null` behind. */
function isSet(handler: unknown): boolean {
  return handler != null;
}
