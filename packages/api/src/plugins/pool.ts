import { KitRequestError, KitTimeoutError } from "../core/errors.js";
import type { KitContext, KitNext, KitPlugin } from "../core/plugin.js";
import { definePlugin } from "../core/plugin-lifecycle.js";
import type { KitResult } from "../core/result.js";
import { abortError, requestTarget } from "./abort-error.js";
import { pluginMessages } from "./messages.js";
import { invalidOption, requireInteger } from "./plugin-options.js";

declare module "../core/plugin.js" {
  interface KitCallOptions {
    /** `priority`: a higher one leaves the queue first (default 0); `skip` bypasses the pool. */
    pool?: { priority?: number; skip?: boolean };
  }
}

export interface PoolOptions {
  /** Requests in flight at most; default 6. */
  concurrency?: number;
  /** Requests waiting at most; one more is refused with `KIT_POOL_QUEUE_FULL`. Default: no limit. */
  maxQueue?: number;
  /** Longest wait in ms for a slot; then `KitTimeoutError` `KIT_POOL_QUEUE_TIMEOUT`. Default 0: none. */
  queueTimeout?: number;
}

export interface PoolPlugin extends KitPlugin {
  /** Requests holding a slot now. */
  readonly active: number;
  /** Requests waiting for a slot now. */
  readonly queued: number;
}

type Result = KitResult<unknown, unknown>;

interface Waiter {
  readonly priority: number;
  readonly order: number;
  start(): void;
}

/**
 * Caps the requests in flight. The others wait in a queue, highest priority first and in arrival
 * order within a priority; an abort takes a request out of the queue at once, and a full queue or
 * a wait past `queueTimeout` rejects it without sending.
 */
export function pool(options: PoolOptions = {}): PoolPlugin {
  const concurrency = options.concurrency ?? 6;
  const maxQueue = options.maxQueue ?? Number.POSITIVE_INFINITY;
  const queueTimeout = options.queueTimeout ?? 0;
  requireInteger("pool", "concurrency", concurrency, 1);
  if (maxQueue !== Number.POSITIVE_INFINITY) requireInteger("pool", "maxQueue", maxQueue, 0);
  requireInteger("pool", "queueTimeout", queueTimeout, 0);
  let active = 0;
  let arrivals = 0;
  const queue: Waiter[] = [];

  /** Runs one request in a slot it already holds, and hands the slot on when it settles. */
  function inSlot(next: KitNext): Promise<Result> {
    const release = (): void => {
      const waiter = queue.shift();
      if (waiter === undefined) active--;
      else waiter.start();
    };
    let sent: Promise<Result>;
    try {
      sent = next();
    } catch (error) {
      release();
      return Promise.reject(error);
    }
    sent.then(release, release);
    return sent;
  }

  function wait(ctx: KitContext, next: KitNext, priority: number): Promise<Result> {
    const { signal } = ctx.request;
    if (signal.aborted) return Promise.reject(abortError(ctx, signal.reason));
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const leave = (): void => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
      };
      const waiter: Waiter = {
        priority,
        order: arrivals++,
        start() {
          leave();
          inSlot(next).then(resolve, reject);
        },
      };
      const drop = (error: unknown): void => {
        leave();
        queue.splice(queue.indexOf(waiter), 1);
        reject(error);
      };
      const onAbort = (): void => drop(abortError(ctx, signal.reason));
      signal.addEventListener("abort", onAbort);
      if (queueTimeout > 0) {
        timer = setTimeout(() => {
          const target = requestTarget(ctx);
          const message = pluginMessages.KIT_POOL_QUEUE_TIMEOUT(
            target.method,
            target.url,
            queueTimeout,
          );
          drop(
            new KitTimeoutError(target, queueTimeout, undefined, "KIT_POOL_QUEUE_TIMEOUT", message),
          );
        }, queueTimeout);
      }
      // After the last waiter of a higher or equal priority: arrival order within a priority.
      let at = queue.length;
      while (at > 0 && queue[at - 1]!.priority < priority) at--;
      queue.splice(at, 0, waiter);
    });
  }

  return definePlugin<PoolPlugin>({
    name: "pool",
    // A request waiting for auth's token refresh must not hold a slot the refresh needs.
    after: ["auth"],
    get active() {
      return active;
    },
    get queued() {
      return queue.length;
    },
    request(ctx, next) {
      const rule = ctx.options.pool;
      if (rule?.skip) return next();
      const priority = rule?.priority ?? 0;
      if (typeof priority !== "number" || !Number.isFinite(priority)) {
        const got = String(priority);
        return Promise.reject(invalidOption("pool", "priority", "a finite number", got));
      }
      if (active < concurrency) {
        active++;
        return inSlot(next);
      }
      if (queue.length >= maxQueue) {
        const target = requestTarget(ctx);
        const message = pluginMessages.KIT_POOL_QUEUE_FULL(target.method, target.url, maxQueue);
        return Promise.reject(new KitRequestError("limit", "KIT_POOL_QUEUE_FULL", message, target));
      }
      return wait(ctx, next, priority);
    },
  });
}
