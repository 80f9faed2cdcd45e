import type { KitContext, KitNext, KitPlugin } from "./plugin.js";
import type { KitResult } from "./result.js";

export type Innermost = (ctx: KitContext) => Promise<KitResult>;

/**
 * Runs the plugins' `request` middleware around `innermost`, first registered outermost.
 * Each `next` re-runs everything inside it, so calling it again replays with the current request.
 */
export function runChain(
  plugins: readonly KitPlugin[],
  ctx: KitContext,
  innermost: Innermost,
): Promise<KitResult> {
  if (plugins.length === 0) return innermost(ctx);
  const step =
    (from: number): KitNext =>
    () => {
      for (let i = from; i < plugins.length; i++) {
        const middleware = plugins[i]!.request;
        if (middleware) return middleware.call(plugins[i], ctx, step(i + 1));
      }
      return innermost(ctx);
    };
  return step(0)();
}
