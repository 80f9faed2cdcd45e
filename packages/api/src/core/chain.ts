import { KitPluginError } from "./errors.js";
import { messages } from "./messages.js";
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
        const plugin = plugins[i]!;
        if (plugin.request) return answered(plugin, ctx, plugin.request(ctx, step(i + 1)));
      }
      return innermost(ctx);
    };
  return step(0)();
}

/**
 * A plugin's answer, refused when it is no result: a forgotten `return next()` would otherwise
 * resolve `send()` with `undefined`, or hand it to the plugins outside as if it were a result.
 */
function answered(
  plugin: KitPlugin,
  ctx: KitContext,
  answer: Promise<KitResult> | undefined,
): Promise<KitResult> {
  if (answer === undefined || answer === null) return Promise.reject(noResult(plugin, ctx));
  return Promise.resolve(answer).then((result) => {
    if (result === undefined || result === null) throw noResult(plugin, ctx);
    return result;
  });
}

function noResult(plugin: KitPlugin, ctx: KitContext): KitPluginError {
  const where = `${ctx.api}.${ctx.method}`;
  return new KitPluginError(
    "KIT_PLUGIN_NO_RESULT",
    plugin.name,
    messages.KIT_PLUGIN_NO_RESULT(plugin.name, where),
  );
}
