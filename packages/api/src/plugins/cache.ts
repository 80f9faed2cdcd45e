import { KitOptionsError } from "../core/errors.js";
import type { KitContext, KitNext, KitPlugin } from "../core/plugin.js";
import { abortSourceOf } from "../core/request.js";
import type { KitResult } from "../core/result.js";
import type { KitHttpMethod } from "../core/vocabulary.js";
import { abortError } from "./abort-error.js";
import { cacheKeys, keyNamespace } from "./cache-key.js";
import {
  type KitCacheEntry,
  type KitCacheStorage,
  type KitWebStorage,
  memoryStorage,
  usableEntry,
  webStorage,
} from "./cache-storage.js";
import { pluginMessages } from "./messages.js";
import { resultCopy } from "./plain-copy.js";
import { requireFunction, requireInteger, requirePositive } from "./plugin-options.js";
import type { AbortSource } from "./signal.js";

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
  /**
   * Whom an answer is for, when credentials travel where the cache cannot see them (cookies with
   * `withCredentials`, an axios request interceptor): the answer is hashed into every key, e.g.
   * `() => session.userId ?? "anonymous"`. Required in those cases; `() => "public"` says every
   * user gets the same data.
   */
  scope?: (ctx: KitContext) => string;
}

export interface CachePlugin extends KitPlugin {
  /**
   * Removes this plugin's entries of its servers whose URL starts with `prefix`; a prefix starting
   * with `/` is matched against the path.
   */
  invalidate(prefix: string): Promise<void>;
  /** Removes this plugin's entries of its servers, and no one else's. */
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
 * when every caller waiting for it has aborted. Every caller gets its own copy of a result.
 */
export function cache(options: CacheOptions = {}): CachePlugin {
  const ttl = options.ttl ?? 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const scope = options.scope;
  requirePositive("cache", "ttl", ttl);
  requireInteger("cache", "maxEntries", maxEntries, 1);
  if (scope !== undefined) requireFunction("cache", "scope", scope);
  const memory = (options.storage ?? "memory") === "memory";
  const storage = resolveStorage(options.storage ?? "memory", maxEntries);
  const methods = new Set(options.methods ?? ["GET"]);
  const keyOf = cacheKeys();
  const inFlight = new Map<string, InFlight>();
  /** The key namespaces of the servers this plugin is registered on: all `clear()` may touch. */
  const namespaces = new Set<string>();

  function start(ctx: KitContext, next: KitNext, key: string, lifetime: number): InFlight {
    const controller = new AbortController();
    const url = ctx.request.url;
    ctx.request.signal = controller.signal;
    const result = next().then(async (result) => {
      if (shared.outdated) return result;
      // Stored as the hit it will be answered with, and as a copy: the first caller may change
      // the result it gets without changing what later callers read.
      const hit = resultCopy({ ...result, fromCache: true });
      const entry = { url, expires: Date.now() + lifetime, result: hit };
      await quietly(() => storage.set(key, entry), "the storage could not keep an entry");
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

  /** This plugin's keys, of the servers it is registered on. */
  async function ownKeys(): Promise<string[]> {
    const keys = (await quietly(() => storage.keys())) ?? [];
    return [...keys].filter((key) => namespaces.has(key.slice(0, key.indexOf(" "))));
  }

  /** Whom the request's answer is for: the `scope` answer, or refusal when credentials are unseen. */
  function whom(ctx: KitContext): string {
    if (scope !== undefined) return scope(ctx);
    const unseen = ctx.request.withCredentials
      ? "withCredentials (cookies)"
      : ctx.server.unseenCredentials();
    if (unseen !== undefined) throw scopeMissing(ctx.server.options.name, unseen);
    return "";
  }

  /** A storage that throws costs a miss, never a failed request. */
  function read(key: string): KitCacheEntry | undefined | Promise<KitCacheEntry | undefined> {
    try {
      return storage.get(key);
    } catch {
      return undefined;
    }
  }

  /** `found` if it may answer a request of `url` now. */
  function fresh(found: KitCacheEntry | undefined, url: string): KitCacheEntry | undefined {
    if (found === undefined) return undefined;
    const now = Date.now();
    // The memory storage holds only entries this plugin made; any other storage is input.
    if (memory) return found.expires > now ? found : undefined;
    return usableEntry(found, url, now);
  }

  /** Everything but a hit from a synchronous storage: a hit from a storage that answered later, else a miss. */
  async function answer(
    ctx: KitContext,
    next: KitNext,
    key: string,
    stored: KitCacheEntry | undefined | Promise<KitCacheEntry | undefined>,
  ): Promise<Result> {
    const found = isPromiseLike(stored) ? await stored.then(undefined, () => undefined) : stored;
    if (found !== undefined) {
      const entry = fresh(found, ctx.request.url);
      if (entry !== undefined) return resultCopy(entry.result);
      await quietly(() => storage.delete(key));
    }
    // The caller's abort source as it is, without making an AbortSignal (microseconds on Node).
    const signal = abortSourceOf(ctx.request);
    // Aborted while the storage answered: nothing is sent on this caller's behalf.
    if (signal.aborted) throw abortError(ctx, signal.reason);
    const lifetime = ctx.options.cache?.ttl ?? ttl;
    const shared = inFlight.get(key) ?? start(ctx, next, key, lifetime);
    return follow(ctx, shared, signal);
  }

  return {
    name: "cache",
    after: ["auth"],
    setup(server) {
      const unseen = server.unseenCredentials();
      if (scope === undefined && unseen !== undefined)
        throw scopeMissing(server.options.name, unseen);
      namespaces.add(keyNamespace(server.options.name));
    },
    // Not async: a hit from a synchronous storage resolves at once, without the frame an async
    // function allocates on every call (about a fifth of a hit's cost).
    request(ctx, next) {
      const call = ctx.options.cache;
      if (call?.skip || !methods.has(ctx.request.method) || isBinary(ctx)) return next();
      try {
        const key = keyOf(ctx.server.options.name, ctx.request, whom(ctx));
        const stored = read(key);
        const entry = isPromiseLike(stored) ? undefined : fresh(stored, ctx.request.url);
        return entry === undefined
          ? answer(ctx, next, key, stored)
          : Promise.resolve(resultCopy(entry.result));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    async invalidate(prefix) {
      forgetInFlight((url) => urlStartsWith(url, prefix));
      for (const key of await ownKeys()) {
        const entry = await quietly(() => storage.get(key));
        const url = (entry as { url?: unknown } | undefined)?.url;
        if (typeof url !== "string" || urlStartsWith(url, prefix)) {
          await quietly(() => storage.delete(key));
        }
      }
    },
    async clear() {
      forgetInFlight(() => true);
      for (const key of await ownKeys()) await quietly(() => storage.delete(key));
    },
  };
}

function scopeMissing(server: string, unseen: string): KitOptionsError {
  return new KitOptionsError(
    "KIT_CACHE_SCOPE_MISSING",
    pluginMessages.KIT_CACHE_SCOPE_MISSING(server, unseen),
  );
}

/**
 * Waits for the shared request on behalf of one caller. The caller's abort rejects that caller
 * alone; the shared request is aborted once no caller is left waiting for it. Each caller gets
 * its own copy of the result, so one caller's changes never reach another.
 */
function follow(ctx: KitContext, shared: InFlight, signal: AbortSource): Promise<Result> {
  shared.callers++;
  const first = shared.callers === 1;
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
    signal.addEventListener("abort", onAbort);
    shared.result.then(
      (result) => {
        leave();
        resolve(first ? result : resultCopy(result));
      },
      (error: unknown) => {
        leave();
        reject(error);
      },
    );
  });
}

/**
 * Runs one storage operation; a storage that throws or rejects costs a miss or an entry not kept,
 * never a failed request.
 */
async function quietly<T>(
  operation: () => T | PromiseLike<T>,
  report?: string,
): Promise<T | undefined> {
  try {
    return await operation();
  } catch (error) {
    if (report !== undefined) console.error(`cache: ${report}`, error);
    return undefined;
  }
}

function resolveStorage(storage: NonNullable<CacheOptions["storage"]>, maxEntries: number) {
  if (storage === "memory") return memoryStorage(maxEntries);
  if (typeof storage !== "string") return storage;
  const web = (globalThis as { [name: string]: unknown })[storage] as KitWebStorage | undefined;
  if (web === undefined) {
    throw new KitOptionsError(
      "KIT_CACHE_STORAGE_MISSING",
      pluginMessages.KIT_CACHE_STORAGE_MISSING(storage),
    );
  }
  return webStorage(web);
}

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | undefined)?.then === "function";
}

/** Blobs, array buffers and streams are neither serializable to web storage nor safe to hand out twice. */
function isBinary(ctx: KitContext): boolean {
  const { responseType } = ctx.request;
  return responseType === "blob" || responseType === "arraybuffer" || responseType === "stream";
}

function urlStartsWith(url: string, prefix: string): boolean {
  if (!prefix.startsWith("/")) return url.startsWith(prefix);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(url)?.[0] ?? "";
  return url.startsWith(prefix, origin.length);
}
