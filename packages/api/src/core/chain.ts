import { KitPluginError } from "./errors.js";
import { messages } from "./messages.js";
import type { KitContext, KitNext, KitPlugin } from "./plugin.js";
import type { KitResult } from "./result.js";

export type Innermost = (ctx: KitContext) => Promise<KitResult>;

/** The built-in plugins, whose `request` answers `next()`'s result or a result of their own. */
const answering = new WeakSet<KitPlugin>();

/**
 * @internal Marks a built-in plugin as always answering a result, so its answer is not checked:
 * a check is one more promise per plugin per send, a tenth of a microsecond. What it passes on is
 * checked where it came from, the innermost step always answers a result.
 */
export function answersAlways<P extends KitPlugin>(plugin: P): P {
  answering.add(plugin);
  return plugin;
}

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
  if (answering.has(plugin)) return answer;
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
