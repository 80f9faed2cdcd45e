import { KitOptionsError } from "./errors.js";
import { lifecycleMessages } from "./lifecycle-messages.js";
import type { KitServerInfo } from "./plugin.js";
import type { KitServer, WritableServer } from "./server.js";

/** Whether a plugin of that name is registered on `server` (its async `setup` may still run). */
export function hasPlugin(server: KitServerInfo, name: string): boolean {
  return server.plugins.some((plugin) => plugin.name === name);
}

/**
 * Unregisters the plugin of that name and calls its `teardown`; `false` when none is registered.
 * Sends already started keep the plugins they started with. A plugin another one `dependsOn` is
 * refused with `KIT_PLUGIN_REQUIRED`.
 */
export function removePlugin(server: KitServer, name: string): boolean {
  const { plugins } = server;
  const plugin = plugins.find((registered) => registered.name === name);
  if (plugin === undefined) return false;
  const dependent = plugins.find((other) => other.dependsOn?.includes(name));
  if (dependent !== undefined) {
    throw new KitOptionsError(
      "KIT_PLUGIN_REQUIRED",
      lifecycleMessages.KIT_PLUGIN_REQUIRED(name, dependent.name),
    );
  }
  (server as WritableServer).plugins = Object.freeze(
    plugins.filter((registered) => registered !== plugin),
  );
  plugin.teardown?.(server);
  return true;
}

/**
 * Settles once every async `setup` started so far on `server` has settled; rejects with the
 * `KitPluginError` of the first that failed. Sends wait for the same thing on their own.
 */
export function pluginsReady(server: KitServerInfo): Promise<void> {
  return server.setups ?? Promise.resolve();
}
