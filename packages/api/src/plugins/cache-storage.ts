import { isPlainObject } from "../core/plain-object.js";
import type { KitResult } from "../core/result.js";
import { LruMap } from "./lru.js";

/** What the cache keeps for one request. */
export interface KitCacheEntry {
  /** The URL as sent, for `invalidate(prefix)`. */
  url: string;
  /** Epoch milliseconds when the entry was stored; no entry outlives its ttl from then. */
  stored: number;
  /** Epoch milliseconds after which the entry is stale. */
  expires: number;
  /** The tags of the method's cache rule, for `invalidateTags`. */
  tags?: readonly string[];
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
 * `value` as an entry for `url` that may still be served at `now`, fresh or stale, or
 * `undefined`. What a storage answers is checked like any input: an entry of another URL, one
 * stored in the future, one older than `maxAge` (the rule's ttl and stale window) whatever its own
 * `expires` says, one whose tags are not strings, or one without a result's fields is not served.
 */
export function usableEntry(
  value: unknown,
  url: string,
  now: number,
  maxAge: number,
): KitCacheEntry | undefined {
  if (!isPlainObject(value) || value.url !== url || !isPlainObject(value.result)) return undefined;
  const { stored, expires, tags, result } = value;
  if (!isTime(stored) || !isTime(expires) || stored > now || !(now < stored + maxAge)) {
    return undefined;
  }
  if (
    tags !== undefined &&
    !(Array.isArray(tags) && tags.every((tag) => typeof tag === "string"))
  ) {
    return undefined;
  }
  if (typeof result.status !== "number" || !isPlainObject(result.headers) || !("data" in result)) {
    return undefined;
  }
  return value as unknown as KitCacheEntry;
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
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

/**
 * `front` (memory) before `back` (web storage): reads try the front first and copy what the back
 * answers into it; writes and deletes go to both; keys are those of both.
 */
export function layeredStorage(front: KitCacheStorage, back: KitCacheStorage): KitCacheStorage {
  const fromBack = (key: string): MaybePromise<KitCacheEntry | undefined> => {
    const found = back.get(key);
    const promote = (entry: KitCacheEntry | undefined) => {
      if (entry !== undefined) front.set(key, entry);
      return entry;
    };
    return isPromiseLike(found) ? found.then(promote) : promote(found);
  };
  return {
    get(key) {
      const found = front.get(key);
      if (isPromiseLike(found)) return found.then((entry) => entry ?? fromBack(key));
      return found ?? fromBack(key);
    },
    set: (key, entry) => both(front.set(key, entry), back.set(key, entry)),
    delete: (key) => both(front.delete(key), back.delete(key)),
    keys() {
      const inFront = front.keys();
      const inBack = back.keys();
      const union = (a: Iterable<string>, b: Iterable<string>) => [...new Set([...a, ...b])];
      return isPromiseLike(inFront) || isPromiseLike(inBack)
        ? Promise.all([inFront, inBack]).then(([a, b]) => union(a, b))
        : union(inFront, inBack);
    },
  };
}

function both(first: MaybePromise<void>, second: MaybePromise<void>): MaybePromise<void> {
  return isPromiseLike(first) || isPromiseLike(second)
    ? Promise.all([first, second]).then(() => {})
    : undefined;
}

export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | undefined)?.then === "function";
}

/** A storage the option names: `"memory"`, a web storage's global name, or one of your own. */
export type KitCacheStorageChoice = "memory" | "localStorage" | "sessionStorage" | KitCacheStorage;

/**
 * The storage `choice` names. A web storage this environment lacks (Node, server-side rendering,
 * a worker) falls back to memory, said once through `warn`, so a shared service file still loads.
 */
export function storageOf(
  choice: KitCacheStorageChoice,
  maxEntries: number,
  warn: (message: string) => void,
): { storage: KitCacheStorage; memory: boolean } {
  if (choice === "memory") return { storage: memoryStorage(maxEntries), memory: true };
  if (typeof choice !== "string") return { storage: choice, memory: false };
  const web = (globalThis as { [name: string]: unknown })[choice] as KitWebStorage | undefined;
  if (web === undefined || web === null) {
    warn(choice);
    return { storage: memoryStorage(maxEntries), memory: true };
  }
  return { storage: webStorage(web), memory: false };
}

/** A custom storage has the four methods; anything else is a typo to report at start-up. */
export function isStorageChoice(value: unknown): value is KitCacheStorageChoice {
  if (value === "memory" || value === "localStorage" || value === "sessionStorage") return true;
  if (typeof value !== "object" || value === null) return false;
  const storage = value as Record<string, unknown>;
  return ["get", "set", "delete", "keys"].every((name) => typeof storage[name] === "function");
}
