import type { KitContext, KitPlugin } from "../../src/index.js";

/** A plugin that records what reaches it, registered inside the plugin under test. */
export function probe(name = "probe") {
  const attempts: KitContext["request"][] = [];
  const signals: AbortSignal[] = [];
  const failures: unknown[] = [];
  let failed: () => void = () => {};
  const plugin: KitPlugin = {
    name,
    async request(ctx, next) {
      attempts.push({ ...ctx.request });
      signals.push(ctx.request.signal);
      try {
        return await next();
      } catch (error) {
        failures.push(error);
        failed();
        throw error;
      }
    },
  };
  /** Resolves once `count` attempts have failed. */
  function failuresReach(count: number): Promise<void> {
    return new Promise((resolve) => {
      failed = () => {
        if (failures.length >= count) resolve();
      };
      failed();
    });
  }
  return { plugin, attempts, signals, failures, failuresReach };
}
