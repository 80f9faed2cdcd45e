export { type AuthOptions, auth } from "./auth.js";
export {
  type CacheOptions,
  type CachePlugin,
  cache,
  type KitCacheEvent,
  type KitCacheRule,
} from "./cache.js";
export type {
  KitCacheEntry,
  KitCacheStorage,
  KitCacheStorageChoice,
  KitWebStorage,
} from "./cache-storage.js";
export { type KitLogEvent, type KitLogTarget, type LoggerOptions, logger } from "./logger.js";
export { type PoolOptions, type PoolPlugin, pool } from "./pool.js";
export { type RetryOptions, retry } from "./retry.js";
