import { KitOptionsError, KitPluginError } from "./errors.js";
import { lifecycleMessages } from "./lifecycle-messages.js";
import type { KitPlugin, KitServerInfo } from "./plugin.js";
import { refuseUndeclared, type WritableServer } from "./server.js";

/**
 * Makes a plugin that declares `dependsOn`, `before` or `after`, or has an async `setup`: it
 * carries the code that checks the order at `use()` and awaits the setup, so a client whose
 * plugins declare neither does not ship that code. Answers `plugin` itself, marked.
 */
export function definePlugin<Plugin extends KitPlugin>(plugin: Plugin): Plugin {
  return Object.assign(plugin, { register: registerPlugin });
}

/**
 * What `use()` runs once a plugin made by `definePlugin` is involved, the one registered or one
 * before it: checks `dependsOn` and the order either side declares, calls `setup`, registers the
 * plugin, and has the server's sends wait for an async `setup`.
 */
function registerPlugin(info: KitServerInfo, plugin: KitPlugin): void {
  const server = info as WritableServer;
  const registered = server.plugins;
  const { name, register } = plugin;
  if (register === undefined) refuseUndeclared(plugin);
  const missing = plugin.dependsOn?.find(
    (dependency) => !registered.some((other) => other.name === dependency),
  );
  if (missing !== undefined) {
    throw new KitOptionsError(
      "KIT_PLUGIN_DEPENDENCY",
      lifecycleMessages.KIT_PLUGIN_DEPENDENCY(name, missing),
    );
  }
  // Either side may declare an order: "auth before cache" is auth's `before` or cache's `after`.
  const outside = registered.find(
    (other) => plugin.before?.includes(other.name) || other.after?.includes(name),
  );
  if (outside !== undefined) {
    throw new KitOptionsError(
      "KIT_PLUGIN_ORDER",
      lifecycleMessages.KIT_PLUGIN_ORDER(name, outside.name),
    );
  }
  const result = plugin.setup?.(server);
  if (register === undefined) refuseUndeclared(plugin, result);
  server.plugins = Object.freeze([...registered, plugin]);
  if (isPromiseLike(result)) awaitSetup(server, plugin, result);
}

/**
 * Has the server's next sends wait for `setup`; if it rejects, `plugin` and those depending on
 * it are removed again and the sends waiting reject with a `KitPluginError`.
 */
function awaitSetup(server: WritableServer, plugin: KitPlugin, setup: PromiseLike<void>): void {
  const failed = (error: unknown): never => {
    server.plugins = Object.freeze(withoutDependents(server.plugins, plugin.name));
    const reason = error instanceof Error ? error.message : String(error);
    throw new KitPluginError(
      "KIT_PLUGIN_SETUP_FAILED",
      plugin.name,
      lifecycleMessages.KIT_PLUGIN_SETUP_FAILED(plugin.name, reason),
      error,
    );
  };
  const settled = Promise.resolve(setup).then(undefined, failed);
  // Settles when every setup has, so a failure never lets a send past a setup still running.
  const all = Promise.allSettled([server.setups, settled]).then(([before, now]) => {
    if (before.status === "rejected") throw before.reason;
    if (now.status === "rejected") throw now.reason;
  });
  const done = (): void => {
    if (server.setups === all) server.setups = undefined;
  };
  all.then(done, done);
  server.setups = all;
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
