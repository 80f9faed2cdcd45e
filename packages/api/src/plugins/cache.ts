import { KitOptionsError } from "../core/errors.js";
import type { KitContext, KitNext, KitPlugin } from "../core/plugin.js";
import { definePlugin } from "../core/plugin-lifecycle.js";
import type { KitResult } from "../core/result.js";
import type { KitHttpMethod } from "../core/vocabulary.js";
import { abortError } from "./abort-error.js";
import { cacheKey, keyNamespace } from "./cache-key.js";
import {
  isPromiseLike,
  isStorageChoice,
  type KitCacheEntry,
  type KitCacheStorage,
  type KitCacheStorageChoice,
  layeredStorage,
  storageOf,
  usableEntry,
} from "./cache-storage.js";
import { pluginMessages } from "./messages.js";
import { resultCopy } from "./plain-copy.js";
import {
  invalidOption,
  requireFunction,
  requireInteger,
  requirePositive,
} from "./plugin-options.js";

/** A method's cache rule: per call with `options({ cache })`, per method or class with `@PluginOptions`. */
export interface KitCacheRule {
  /** Neither read nor write the cache. */
  skip?: boolean;
  /** Lifetime of the entry in ms, over the plugin's `ttl`. */
  ttl?: number;
  /** How long in ms after its ttl an entry is still answered while it is refreshed; over the plugin's. */
  staleWhileRevalidate?: number;
  /** Tags of the entry, for `invalidateTags`. */
  tags?: readonly string[];
  /** After this method succeeds (a POST, say), the entries of these tags are removed. */
  invalidates?: readonly string[];
}

declare module "../core/plugin.js" {
  interface KitCallOptions {
    cache?: KitCacheRule;
  }
}

/** What the cache did for one send, or for one `invalidateTags`. */
export type KitCacheEvent =
  | {
      /**
       * `hit`: answered fresh from the cache; `stale`: answered from the cache past its ttl, a
       * refresh started; `miss`: sent; `refresh`/`refresh-failed`: how a background refresh ended.
       */
      type: "hit" | "stale" | "miss" | "refresh" | "refresh-failed";
      /** The server's `name`. */
      server: string;
      /** `"PetApi.getPetById"`. */
      api: string;
      url: string;
    }
  | { type: "invalidate"; tags: readonly string[] };

export interface CacheOptions {
  /** Lifetime of an entry in ms; default 60_000. */
  ttl?: number;
  /**
   * How long in ms after its ttl an entry is still answered (`fromCache: true`, event `stale`)
   * while one request refreshes it in the background; default 0, never.
   */
  staleWhileRevalidate?: number;
  /**
   * Default `"memory"`, an LRU map bounded by `maxEntries`. `["memory", "localStorage"]` puts
   * memory in front of a web storage. A web storage this environment lacks falls back to memory.
   */
  storage?: KitCacheStorageChoice | readonly [KitCacheStorageChoice, KitCacheStorageChoice];
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
  /** Told what the cache did for each send: a hit, a stale answer, a miss, a refresh. */
  onEvent?: (event: KitCacheEvent) => void;
}

export interface CachePlugin extends KitPlugin {
  /**
   * Removes this plugin's entries of its servers whose URL starts with `prefix`; a prefix starting
   * with `/` is matched against the path.
   */
  invalidate(prefix: string): Promise<void>;
  /** Removes this plugin's entries of its servers that carry any of `tags`. */
  invalidateTags(...tags: string[]): Promise<void>;
  /** Removes this plugin's entries of its servers, and no one else's. */
  clear(): Promise<void>;
}

type Result = KitResult<unknown, unknown>;

/** A miss in progress, shared by every caller asking for the same key until it settles. */
interface InFlight {
  readonly url: string;
  readonly tags: readonly string[] | undefined;
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
  const staleWindow = options.staleWhileRevalidate ?? 0;
  const maxEntries = options.maxEntries ?? 500;
  const { scope, onEvent } = options;
  requirePositive("cache", "ttl", ttl);
  requireInteger("cache", "staleWhileRevalidate", staleWindow, 0);
  requireInteger("cache", "maxEntries", maxEntries, 1);
  if (scope !== undefined) requireFunction("cache", "scope", scope);
  if (onEvent !== undefined) requireFunction("cache", "onEvent", onEvent);
  const { storage, memory } = resolveStorage(options.storage ?? "memory", maxEntries);
  const methods = new Set(options.methods ?? ["GET"]);
  const inFlight = new Map<string, InFlight>();
  /** The key namespaces of the servers this plugin is registered on: all `clear()` may touch. */
  const namespaces = new Set<string>();

  function emit(type: "hit" | "stale" | "miss" | "refresh" | "refresh-failed", ctx: KitContext) {
    const event = {
      type,
      server: ctx.server.options.name,
      api: `${ctx.api}.${ctx.method}`,
      url: ctx.request.url,
    };
    tell(event);
  }

  function tell(event: KitCacheEvent): void {
    try {
      onEvent?.(event);
    } catch (error) {
      console.error("cache: onEvent threw", error);
    }
  }

  function start(ctx: KitContext, next: KitNext, key: string, rule: KitCacheRule | undefined) {
    const controller = new AbortController();
    const url = ctx.request.url;
    const tags = rule?.tags;
    const lifetime = rule?.ttl ?? ttl;
    ctx.request.signal = controller.signal;
    const result = next().then(async (result) => {
      if (shared.outdated) return result;
      // Stored as the hit it will be answered with, and as a copy: the first caller may change
      // the result it gets without changing what later callers read.
      const hit = resultCopy({ ...result, fromCache: true });
      const stored = Date.now();
      const entry: KitCacheEntry = { url, stored, expires: stored + lifetime, result: hit };
      if (tags !== undefined) entry.tags = [...tags];
      await quietly(() => storage.set(key, entry), "the storage could not keep an entry");
      return result;
    });
    const shared: InFlight = { url, tags, result, controller, callers: 0, outdated: false };
    const forget = (): void => {
      if (inFlight.get(key) === shared) inFlight.delete(key);
    };
    result.then(forget, forget);
    controller.signal.addEventListener("abort", forget, { once: true });
    inFlight.set(key, shared);
    return shared;
  }

  /** A stale answer's refresh, one per key, which no caller waits for. */
  function revalidate(ctx: KitContext, next: KitNext, key: string, rule: KitCacheRule | undefined) {
    if (inFlight.has(key)) return;
    start(ctx, next, key, rule).result.then(
      () => emit("refresh", ctx),
      () => emit("refresh-failed", ctx),
    );
  }

  /** Later callers start afresh instead of joining a request sent before the change. */
  function forgetInFlight(matches: (shared: InFlight) => boolean): void {
    for (const [key, shared] of inFlight) {
      if (!matches(shared)) continue;
      shared.outdated = true;
      inFlight.delete(key);
    }
  }

  /** This plugin's keys, of the servers it is registered on. */
  async function ownKeys(): Promise<string[]> {
    const keys = (await quietly(() => storage.keys())) ?? [];
    return [...keys].filter((key) => namespaces.has(key.slice(0, key.indexOf(" "))));
  }

  /** Removes this plugin's entries for which `matches` says so, reading each one. */
  async function removeWhere(matches: (entry: unknown) => boolean): Promise<void> {
    for (const key of await ownKeys()) {
      const entry = await quietly(() => storage.get(key));
      if (matches(entry)) await quietly(() => storage.delete(key));
    }
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

  /**
   * The answer from `found`, fresh or stale (starting its refresh), or `undefined` when it may
   * not answer. The memory storage holds only entries this plugin made; any other is input, and
   * is served only within the rule's ttl and stale window from when it was stored.
   */
  function served(
    ctx: KitContext,
    next: KitNext,
    key: string,
    found: KitCacheEntry | undefined,
    rule: KitCacheRule | undefined,
  ): Result | undefined {
    if (found === undefined) return undefined;
    const now = Date.now();
    // The common case first: a fresh entry this plugin made in memory.
    if (memory && now < found.expires) {
      if (onEvent !== undefined) emit("hit", ctx);
      return resultCopy(found.result);
    }
    const lifetime = rule?.ttl ?? ttl;
    const window = rule?.staleWhileRevalidate ?? staleWindow;
    const entry = memory ? found : usableEntry(found, ctx.request.url, now, lifetime + window);
    if (entry === undefined) return undefined;
    // An entry this plugin made in memory lives as long as the rule it was stored under said.
    const freshUntil = memory ? entry.expires : Math.min(entry.expires, entry.stored + lifetime);
    if (now < freshUntil) {
      if (onEvent !== undefined) emit("hit", ctx);
      return resultCopy(entry.result);
    }
    if (!(now < freshUntil + window)) return undefined;
    if (onEvent !== undefined) emit("stale", ctx);
    const answer = resultCopy(entry.result);
    revalidate(ctx, next, key, rule);
    return answer;
  }

  /** Everything but an answer from a synchronous storage: an answer from one that answered later, else a miss. */
  async function answer(
    ctx: KitContext,
    next: KitNext,
    key: string,
    stored: KitCacheEntry | undefined | Promise<KitCacheEntry | undefined>,
    rule: KitCacheRule | undefined,
  ): Promise<Result> {
    let found: KitCacheEntry | undefined;
    if (isPromiseLike(stored)) {
      found = await stored.then(undefined, () => undefined);
      const from = served(ctx, next, key, found, rule);
      if (from !== undefined) return from;
    } else found = stored;
    if (found !== undefined) await quietly(() => storage.delete(key));
    const { signal } = ctx.request;
    // Aborted while the storage answered: nothing is sent on this caller's behalf.
    if (signal.aborted) throw abortError(ctx, signal.reason);
    if (onEvent !== undefined) emit("miss", ctx);
    const shared = inFlight.get(key) ?? start(ctx, next, key, rule);
    return follow(ctx, shared, signal);
  }

  async function invalidateTags(...tags: string[]): Promise<void> {
    const wanted = new Set(tags);
    const tagged = (list: unknown): boolean =>
      Array.isArray(list) && list.some((tag) => wanted.has(tag));
    forgetInFlight((shared) => tagged(shared.tags));
    await removeWhere((entry) => tagged((entry as { tags?: unknown } | undefined)?.tags));
    tell({ type: "invalidate", tags });
  }

  /** A mutation with `invalidates`: its tags' entries go once it succeeds, before it resolves. */
  async function mutate(next: KitNext, tags: readonly string[]): Promise<Result> {
    const result = await next();
    await invalidateTags(...tags);
    return result;
  }

  return definePlugin<CachePlugin>({
    name: "cache",
    after: ["auth"],
    setup(server) {
      const unseen = server.unseenCredentials();
      if (scope === undefined && unseen !== undefined)
        throw scopeMissing(server.options.name, unseen);
      namespaces.add(keyNamespace(server.options.name));
    },
    // Not async: a hit from a synchronous storage resolves at once, without the frame an async
    // function allocates on every call.
    request(ctx, next) {
      const rule = ctx.options.cache;
      if (rule?.skip) return next();
      if (rule?.invalidates !== undefined) return mutate(next, rule.invalidates);
      if (!methods.has(ctx.request.method) || isBinary(ctx)) return next();
      try {
        const key = cacheKey(ctx.server.options.name, ctx.request, whom(ctx));
        const stored = read(key);
        const hit = isPromiseLike(stored) ? undefined : served(ctx, next, key, stored, rule);
        return hit === undefined ? answer(ctx, next, key, stored, rule) : Promise.resolve(hit);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    async invalidate(prefix) {
      forgetInFlight((shared) => urlStartsWith(shared.url, prefix));
      await removeWhere((entry) => {
        const url = (entry as { url?: unknown } | undefined)?.url;
        return typeof url !== "string" || urlStartsWith(url, prefix);
      });
    },
    invalidateTags,
    async clear() {
      forgetInFlight(() => true);
      for (const key of await ownKeys()) await quietly(() => storage.delete(key));
    },
  });
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
function follow(ctx: KitContext, shared: InFlight, signal: AbortSignal): Promise<Result> {
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

const storageExpected =
  '"memory", "localStorage", "sessionStorage", a KitCacheStorage, or two of them (memory in front); for IndexedDB pass a KitCacheStorage';

/** One storage, or memory in front of another; each checked, a missing web storage said once. */
function resolveStorage(
  choice: NonNullable<CacheOptions["storage"]>,
  maxEntries: number,
): { storage: KitCacheStorage; memory: boolean } {
  const layers: readonly unknown[] = Array.isArray(choice) ? choice : [choice];
  if (layers.length < 1 || layers.length > 2 || !layers.every(isStorageChoice)) {
    const got = JSON.stringify(Array.isArray(choice) ? choice : String(choice));
    throw invalidOption("cache", "storage", storageExpected, got ?? String(choice));
  }
  let warned = false;
  const warn = (name: string): void => {
    if (warned) return;
    warned = true;
    console.warn(pluginMessages.KIT_CACHE_STORAGE_MISSING(name));
  };
  const [front, back] = layers.map((layer) => storageOf(layer, maxEntries, warn));
  if (back === undefined) return front!;
  if (front!.memory && back.memory) return front!;
  return { storage: layeredStorage(front!.storage, back.storage), memory: false };
}

/**
 * Blobs, array buffers and streams are neither serializable to web storage nor safe to hand out
 * twice; an `"auto"` read may give a Blob.
 */
function isBinary(ctx: KitContext): boolean {
  const { responseType } = ctx.request;
  return (
    responseType === "blob" ||
    responseType === "arraybuffer" ||
    responseType === "stream" ||
    responseType === "auto"
  );
}

function urlStartsWith(url: string, prefix: string): boolean {
  if (!prefix.startsWith("/")) return url.startsWith(prefix);
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(url)?.[0] ?? "";
  return url.startsWith(prefix, origin.length);
}
