import { isKitRequestError, KitHttpError } from "../core/errors.js";
import type { KitPlugin } from "../core/plugin.js";
import type { KitHttpMethod } from "../core/vocabulary.js";
import { abortError } from "./abort-error.js";
import { requireInteger } from "./plugin-options.js";
import { fullJitter, retryAfterMs } from "./retry-delay.js";
import { childController, sleep } from "./signal.js";

declare module "../core/plugin.js" {
  interface KitCallOptions {
    /** `retries: 0` turns retrying off for one call. */
    retry?: { retries?: number };
  }
}

export interface RetryOptions {
  /** Extra attempts after the first; default 2. */
  retries?: number;
  /** Methods safe to send twice; default GET, HEAD, OPTIONS, PUT, DELETE, QUERY (never POST or PATCH). */
  methods?: readonly KitHttpMethod[];
  /** HTTP statuses worth another attempt; default 408, 429 and every 5xx. */
  statuses?: readonly number[];
  /** Full-jitter exponential backoff in ms; default `{ base: 300, max: 10_000 }`. */
  backoff?: { base?: number; max?: number };
  /** Longest `Retry-After` wait in ms; a server asking for more gets the error instead. Default 60_000. */
  maxRetryAfter?: number;
}

interface RetrySettings {
  retries: number;
  methods: ReadonlySet<KitHttpMethod>;
  statuses: ReadonlySet<number>;
  base: number;
  max: number;
  maxRetryAfter: number;
}

/** RFC 9110's idempotent methods, and QUERY, which its draft defines as safe and idempotent. */
const IDEMPOTENT: readonly KitHttpMethod[] = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "QUERY"];

/**
 * Sends again after a network error, a timeout or a listed status, waiting a full-jitter backoff
 * or what `Retry-After` asks. Each attempt gets its own signal that follows the send's signal,
 * so aborting the send stops the attempt in flight or the wait between attempts at once.
 */
export function retry(options: RetryOptions = {}): KitPlugin {
  const settings = retrySettings(options);
  return {
    name: "retry",
    async request(ctx, next) {
      const retries = ctx.options.retry?.retries ?? settings.retries;
      if (retries <= 0 || !settings.methods.has(ctx.request.method)) return next();
      const source = ctx.request.signal;
      try {
        for (let attempt = 0; ; attempt++) {
          // The first attempt has the send's own signal; each later one gets a new signal
          // following it, since plugins inside may have replaced the previous one.
          const child = attempt === 0 ? undefined : childController(source);
          if (child !== undefined) ctx.request.signal = child.controller.signal;
          try {
            return await next();
          } catch (error) {
            const delay = attempt < retries ? retryDelay(error, attempt, settings) : undefined;
            if (delay === undefined) throw error;
            await sleep(delay, source).catch((reason: unknown) => {
              throw abortError(ctx, reason);
            });
          } finally {
            child?.release();
          }
        }
      } finally {
        ctx.request.signal = source;
      }
    },
  };
}

/** Milliseconds to wait before the next attempt, or `undefined` when the error is final. */
function retryDelay(error: unknown, attempt: number, settings: RetrySettings): number | undefined {
  if (error instanceof KitHttpError) {
    if (!settings.statuses.has(error.status)) return undefined;
    const asked = retryAfterMs(error.headers["retry-after"], Date.now());
    if (asked !== undefined) return asked <= settings.maxRetryAfter ? asked : undefined;
  } else if (!isKitRequestError(error) || (error.kind !== "network" && error.kind !== "timeout")) {
    return undefined;
  }
  return fullJitter(attempt, settings.base, settings.max);
}

/** 408 Request Timeout, 429 Too Many Requests and every 5xx. */
function defaultStatuses(): number[] {
  return [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];
}

function retrySettings(options: RetryOptions): RetrySettings {
  const retries = options.retries ?? 2;
  const base = options.backoff?.base ?? 300;
  const max = options.backoff?.max ?? 10_000;
  const maxRetryAfter = options.maxRetryAfter ?? 60_000;
  requireInteger("retry", "retries", retries, 0);
  requireInteger("retry", "backoff.base", base, 0);
  requireInteger("retry", "backoff.max", max, 0);
  requireInteger("retry", "maxRetryAfter", maxRetryAfter, 0);
  return {
    retries,
    methods: new Set(options.methods ?? IDEMPOTENT),
    statuses: new Set(options.statuses ?? defaultStatuses()),
    base,
    max,
    maxRetryAfter,
  };
}
