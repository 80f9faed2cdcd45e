import type { KitContext, KitNext, KitPlugin } from "../core/plugin.js";
import type { KitResult } from "../core/result.js";
import type { KitHttpMethod } from "../core/vocabulary.js";
import { abortError } from "./abort-error.js";
import { cacheKeys } from "./cache-key.js";
import {
  type KitCacheStorage,
  type KitWebStorage,
  memoryStorage,
  webStorage,
} from "./cache-storage.js";
import { requireInteger, requirePositive } from "./plugin-options.js";

declare module "../core/plugin.js" {
  interface KitCallOptions {
    /** `skip` neither reads nor writes the cache for one call; `ttl` overrides the lifetime (ms). */
    cache?: { skip?: boolean; ttl?: number };
  }
}

export interface CacheOptions {
  /** Lifetime of an entry in ms; default 60_000. */
  ttl?: number;
  /** Default `"memory"`, an LRU map bounded by `maxEntries`. */
  storage?: "memory" | "localStorage" | "sessionStorage" | KitCacheStorage;
  /** Methods whose results are kept; default `["GET"]`. */
  methods?: readonly KitHttpMethod[];
  /** Bound of the memory storage; default 500. */
  maxEntries?: number;
  /** Request headers that tell users apart, hashed into every key; default `["Authorization"]`. */
  vary?: readonly string[];
}

export interface CachePlugin extends KitPlugin {
  /** Removes entries whose URL starts with `prefix`; a prefix starting with `/` is matched against the path. */
  invalidate(prefix: string): Promise<void>;
  clear(): Promise<void>;
}

type Result = KitResult<unknown, unknown>;

/** A miss in progress, shared by every caller asking for the same key until it settles. */
interface InFlight {
  readonly url: string;
  readonly result: Promise<Result>;
  readonly controller: AbortController;
  callers: number;
  /** Set by `invalidate` and `clear`: the answer may predate the change, so it is not stored. */
  outdated: boolean;
}

/**
 * Keeps successful results and answers identical requests from them with `fromCache: true`,
 * without reaching axios. Identical misses in flight share one request, which is aborted only
 * when every caller waiting for it has aborted.
 */
export function cache(options: CacheOptions = {}): CachePlugin {
  const ttl = options.ttl ?? 60_000;
  const maxEntries = options.maxEntries ?? 500;
  requirePositive("cache", "ttl", ttl);
  requireInteger("cache", "maxEntries", maxEntries, 1);
  const storage = resolveStorage(options.storage ?? "memory", maxEntries);
  const methods = new Set(options.methods ?? ["GET"]);
  const keyOf = cacheKeys(options.vary ?? ["Authorization"]);
  const inFlight = new Map<string, InFlight>();

  function start(ctx: KitContext, next: KitNext, key: string, lifetime: number): InFlight {
    const controller = new AbortController();
    const url = ctx.request.url;
    ctx.request.signal = controller.signal;
    const result = next().then(async (result) => {
      if (shared.outdated) return result;
      try {
        // Stored as the hit it will be answered with, so a hit allocates nothing.
        const hit = { ...result, fromCache: true };
        await storage.set(key, { url, expires: Date.now() + lifetime, result: hit });
      } catch (error) {
        // A storage that cannot keep the entry costs a later miss, never this answer.
        console.error("cache: the storage could not keep an entry", error);
      }
      return result;
    });
    const shared: InFlight = { url, result, controller, callers: 0, outdated: false };
    const forget = (): void => {
      if (inFlight.get(key) === shared) inFlight.delete(key);
    };
    result.then(forget, forget);
    controller.signal.addEventListener("abort", forget, { once: true });
    inFlight.set(key, shared);
    return shared;
  }

  /** Later callers start afresh instead of joining a request sent before the change. */
  function forgetInFlight(matches: (url: string) => boolean): void {
    for (const [key, shared] of inFlight) {
      if (!matches(shared.url)) continue;
      shared.outdated = true;
      inFlight.delete(key);
    }
  }

  return {
    name: "cache",
    async request(ctx, next) {
      const call = ctx.options.cache;
      if (call?.skip || !methods.has(ctx.request.method) || isBinary(ctx)) return next();
      const key = keyOf(ctx.server.options.name, ctx.request);
      const stored = storage.get(key);
      // A memory hit answers without awaiting, which would cost a microtask turn.
      const found = isPromiseLike(stored) ? await stored : stored;
      if (found !== undefined) {
        if (found.expires > Date.now()) return found.result;
        await storage.delete(key);
      }
      const signal = ctx.request.signal;
      const shared = inFlight.get(key) ?? start(ctx, next, key, call?.ttl ?? ttl);
      return follow(ctx, shared, signal);
    },
    async invalidate(prefix) {
      forgetInFlight((url) => urlStartsWith(url, prefix));
      for (const key of await storage.keys()) {
        const entry = await storage.get(key);
        if (entry !== undefined && urlStartsWith(entry.url, prefix)) await storage.delete(key);
      }
    },
    async clear() {
      forgetInFlight(() => true);
      for (const key of await storage.keys()) await storage.delete(key);
    },
  };
}

/**
 * Waits for the shared request on behalf of one caller. The caller's abort rejects that caller
 * alone; the shared request is aborted once no caller is left waiting for it.
 */
function follow(ctx: KitContext, shared: InFlight, signal: AbortSignal): Promise<Result> {
  if (signal.aborted) return Promise.reject(abortError(ctx, signal.reason));
  shared.callers++;
  return new Promise((resolve, reject) => {
    const leave = (): void => {
      signal.removeEventListener("abort", onAbort);
      shared.callers--;
    };
    const onAbort = (): void => {
      leave();
      if (shared.callers === 0) shared.controller.abort(signal.reason);
      reject(abortError(ctx, signal.reason));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    shared.result.then(
      (result) => {
        leave();
        resolve(result);
      },
      (error: unknown) => {
        leave();
        reject(error);
      },
    );
  });
}

function resolveStorage(storage: NonNullable<CacheOptions["storage"]>, maxEntries: number) {
  if (storage === "memory") return memoryStorage(maxEntries);
  if (typeof storage !== "string") return storage;
  const web = (globalThis as { [name: string]: unknown })[storage] as KitWebStorage | undefined;
  if (web === undefined) {
    throw new TypeError(
      `cache({ storage: "${storage}" }) needs globalThis.${storage}, which this environment lacks`,
    );
  }
  return webStorage(web);
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | undefined)?.then === "function";
}

/** Blobs and array buffers are neither serializable to web storage nor safe to hand out twice. */
function isBinary(ctx: KitContext): boolean {
  return ctx.request.responseType === "blob" || ctx.request.responseType === "arraybuffer";
}

function urlStartsWith(url: string, prefix: string): boolean {
  if (!prefix.startsWith("/")) return url.startsWith(prefix);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(url)?.[0] ?? "";
  return url.startsWith(prefix, origin.length);
}
