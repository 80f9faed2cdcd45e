import { catalogue } from "../core/catalogue.js";
/** The messages of the built-in plugins, keyed by the error's stable `code` (see core/messages.ts). */
export const pluginDefaults = {
  KIT_PLUGIN_OPTION: (plugin: string, field: string, expected: string, got: string) =>
    `${plugin}({ ${field} }) must be ${expected}, got ${got}`,
  KIT_CACHE_SCOPE_MISSING: (server: string, unseen: string) =>
    `cache() on server "${server}" cannot see the credentials of ${unseen}, so it would share entries between users; pass cache({ scope }) to say whom an answer is for`,
  KIT_CACHE_STORAGE_MISSING: (storage: string) =>
    `cache({ storage: "${storage}" }): globalThis.${storage} does not exist here (server-side rendering, Node, a worker), so entries are kept in memory`,
  KIT_POOL_QUEUE_FULL: (method: string, url: string, maxQueue: number) =>
    `${method} ${url} was not sent: the request pool's queue is full (maxQueue ${maxQueue})`,
  KIT_POOL_QUEUE_TIMEOUT: (method: string, url: string, timeout: number) =>
    `${method} ${url} waited more than ${timeout} ms for a slot in the request pool and was not sent`,
  KIT_REFRESH_TIMEOUT: (method: string, url: string, timeout: number) =>
    `${method} ${url} waited for a token refresh that did not settle within ${timeout} ms`,
} as const;

export const pluginMessages = catalogue(pluginDefaults);
