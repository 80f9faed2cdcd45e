import { catalogue } from "./catalogue.js";

/**
 * The messages of run-time configuration and the plugin lifecycle (declared order, async setup,
 * removal): only the modules of those features raise them, so a client that uses none of them
 * does not carry their text.
 */
export const lifecycleDefaults = {
  KIT_CONFIGURE_OPTION: (option: string) =>
    `configure() cannot change ${option}; it takes baseURL, headers, timeout, withCredentials, codeKey, messageKey, dataKey, validateCode and envelope`,
  KIT_PLUGIN_ORDER: (plugin: string, before: string) =>
    `${plugin} must be registered before ${before}, as one of them declares`,
  KIT_PLUGIN_DEPENDENCY: (plugin: string, missing: string) =>
    `${plugin} depends on ${missing}, which must be registered first`,
  KIT_PLUGIN_REQUIRED: (plugin: string, dependent: string) =>
    `${plugin} cannot be removed: ${dependent} depends on it`,
  KIT_PLUGIN_SETUP_FAILED: (plugin: string, reason: string) =>
    `The setup of plugin ${plugin} failed, so it was removed: ${reason}`,
} as const;

export const lifecycleMessages = catalogue(lifecycleDefaults);
