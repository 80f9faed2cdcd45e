import { isPlainObject } from "./plain-object.js";
import type { KitCallOptions } from "./plugin.js";

/** `over`'s plugin options laid over `under`'s, one level deep: each plugin's fields merge. */
export function mergeCallOptions(
  under: Readonly<KitCallOptions> | undefined,
  over: Readonly<KitCallOptions> | undefined,
): Readonly<KitCallOptions> {
  if (under === undefined) return over ?? {};
  if (over === undefined) return under;
  const merged: Record<string, unknown> = { ...under };
  for (const [name, value] of Object.entries(over)) {
    const below = merged[name];
    merged[name] = isPlainObject(below) && isPlainObject(value) ? { ...below, ...value } : value;
  }
  return merged as KitCallOptions;
}
