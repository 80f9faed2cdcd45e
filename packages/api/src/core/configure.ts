import { KitOptionsError } from "./errors.js";
import { lifecycleMessages } from "./lifecycle-messages.js";
import {
  type KitResolvedServerOptions,
  type KitRuntimeOptions,
  normalizeServerOptions,
  resolveServerOptions,
} from "./options.js";
import type { KitServer, WritableServer } from "./server.js";

/**
 * Changes a server's options at run time: the baseURL (a tenant's), headers, timeout,
 * withCredentials and the envelope rules. Each field given replaces the current one (`headers` as
 * a whole); the values are checked as `@Server` checks them, with the same one-line
 * `KitOptionsError`, and nothing changes if one is wrong. A send uses the options it started with:
 * sends in flight finish with the old ones, sends started after this call use the new ones.
 */
export function configure<Server extends KitServer>(
  server: Server,
  options: KitRuntimeOptions,
): Server {
  const layer = normalizeServerOptions(runtimeOnly(options));
  const previous = server.options;
  // The name stays: it is the cache namespace, and a baseURL change must not move entries.
  const next = resolveServerOptions([previous, layer, { name: previous.name }]);
  (server as WritableServer).options = next;
  syncHttpDefaults(server, previous, next);
  return server;
}

/**
 * Keeps `server.http`'s defaults in step for code that calls it directly. Static headers are
 * only removed from them, never added: Kit's sends carry their headers from the options they
 * started with, and a header added to the instance would reach sends already in flight.
 */
function syncHttpDefaults(
  server: KitServer,
  previous: KitResolvedServerOptions,
  next: KitResolvedServerOptions,
): void {
  const { defaults } = server.http;
  defaults.baseURL = next.baseURL;
  defaults.timeout = next.timeout;
  defaults.withCredentials = next.withCredentials;
  const headers = defaults.headers as unknown as Record<string, unknown>;
  for (const name in previous.headers) {
    const value = previous.headers[name];
    if (headers[name] === value && next.headers[name] !== value) delete headers[name];
  }
}

const runtimeKeys: ReadonlySet<string> = new Set<keyof KitRuntimeOptions>([
  "baseURL",
  "headers",
  "timeout",
  "withCredentials",
  "codeKey",
  "messageKey",
  "dataKey",
  "validateCode",
  "envelope",
]);

/** `options` if it holds only what may change at run time; an object is required. */
function runtimeOnly(options: KitRuntimeOptions): KitRuntimeOptions {
  if (typeof options !== "object" || options === null) {
    throw new KitOptionsError(
      "KIT_CONFIGURE_OPTION",
      lifecycleMessages.KIT_CONFIGURE_OPTION(String(options)),
    );
  }
  for (const key of Object.keys(options)) {
    if (!runtimeKeys.has(key)) {
      throw new KitOptionsError(
        "KIT_CONFIGURE_OPTION",
        lifecycleMessages.KIT_CONFIGURE_OPTION(key),
      );
    }
  }
  return options;
}
