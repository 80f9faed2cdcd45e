import { isPlainObject } from "../core/plain-object.js";
import type { KitResult } from "../core/result.js";
import { LruMap } from "./lru.js";

/** What the cache keeps for one request. */
export interface KitCacheEntry {
  /** The URL as sent, for `invalidate(prefix)`. */
  url: string;
  /** Epoch milliseconds after which the entry is stale. */
  expires: number;
  /** The result as a hit answers it, `fromCache: true`. */
  result: KitResult<unknown, unknown>;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * Where the cache keeps entries. Every method may answer synchronously or with a promise, so a
 * memory hit costs no extra microtask while IndexedDB or a remote store can still be plugged in.
 */
export interface KitCacheStorage {
  get(key: string): MaybePromise<KitCacheEntry | undefined>;
  set(key: string, entry: KitCacheEntry): MaybePromise<void>;
  delete(key: string): MaybePromise<void>;
  keys(): MaybePromise<Iterable<string>>;
}

/**
 * `value` as an entry for `url` still fresh at `now`, or `undefined`. What a storage answers is
 * checked like any input: an entry of another URL, one without a finite expiry, or one without a
 * result's fields is not served.
 */
export function usableEntry(value: unknown, url: string, now: number): KitCacheEntry | undefined {
  if (!isPlainObject(value) || value.url !== url || !isPlainObject(value.result)) return undefined;
  const { expires, result } = value;
  if (typeof expires !== "number" || !Number.isFinite(expires) || !(expires > now))
    return undefined;
  if (typeof result.status !== "number" || !isPlainObject(result.headers) || !("data" in result)) {
    return undefined;
  }
  return value as unknown as KitCacheEntry;
}

export function memoryStorage(maxEntries: number): KitCacheStorage {
  const entries = new LruMap<string, KitCacheEntry>(maxEntries);
  return {
    get: (key) => entries.get(key),
    set: (key, entry) => entries.set(key, entry),
    delete: (key) => entries.delete(key),
    keys: () => [...entries.keys()],
  };
}

/** The part of the DOM `Storage` interface the adapter uses (`localStorage`, `sessionStorage`). */
export interface KitWebStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const WEB_PREFIX = "kit-cache:";

/**
 * Entries as JSON under a `kit-cache:` prefix, so `clear()` leaves the page's other keys alone.
 * Storage is best-effort: a full quota or an unreadable item is a miss, never a failed request.
 */
export function webStorage(storage: KitWebStorage): KitCacheStorage {
  return {
    get(key) {
      const text = storage.getItem(WEB_PREFIX + key);
      if (text === null) return undefined;
      try {
        return JSON.parse(text) as KitCacheEntry;
      } catch {
        return undefined;
      }
    },
    set(key, entry) {
      try {
        storage.setItem(WEB_PREFIX + key, JSON.stringify(entry));
      } catch {
        // Quota exceeded or a value JSON cannot hold: the response is still returned, just not kept.
      }
    },
    delete: (key) => storage.removeItem(WEB_PREFIX + key),
    keys() {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(WEB_PREFIX)) keys.push(key.slice(WEB_PREFIX.length));
      }
      return keys;
    },
  };
}
