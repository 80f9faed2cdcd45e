import { readdir } from "node:fs/promises";
import path from "node:path";
import { KitGenerateError } from "../errors.js";

/** The names a config file may have, in the order they are looked for. */
export const CONFIG_NAMES = [
  "kit.config.ts",
  "kit.config.mts",
  "kit.config.cts",
  "kit.config.js",
  "kit.config.mjs",
  "kit.config.cjs",
  "kit.config.json",
];

/**
 * The config file of the nearest folder from `start` up to the root that has one; two config
 * files in one folder are an error, since either could be meant.
 */
export async function findConfigFile(start: string): Promise<string | undefined> {
  for (let directory = path.resolve(start); ; directory = path.dirname(directory)) {
    const names = new Set(await readdir(directory).catch(() => [] as string[]));
    const found = CONFIG_NAMES.filter((name) => names.has(name));
    if (found.length > 1) {
      throw new KitGenerateError(
        `${found.join(" and ")} are both here; keep one`,
        { file: directory },
        { exitCode: 2 },
      );
    }
    if (found.length === 1) return path.join(directory, found[0]!);
    if (path.dirname(directory) === directory) return undefined;
  }
}
