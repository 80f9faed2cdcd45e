import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { KitUsageError } from "../errors.js";

/**
 * The value a config file exports: JSON is parsed; JavaScript is imported; TypeScript is
 * compiled in memory by jiti, loaded only for such a file. Each load reads the file afresh, so
 * watch mode sees edits.
 */
export async function loadConfigFile(file: string, shown: string): Promise<unknown> {
  const location = { file: shown };
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile()) {
    throw new KitUsageError("config file not found", location);
  }
  const extension = path.extname(file);
  try {
    if (extension === ".json") return JSON.parse(await readFile(file, "utf8"));
    if (/^\.[cm]?ts$/.test(extension)) return await importTypeScript(file);
    const module = await import(`${pathToFileURL(file).href}?mtime=${stats.mtimeMs}`);
    return module.default;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new KitUsageError(`cannot load the config file: ${reason}`, location, { cause: error });
  }
}

async function importTypeScript(file: string): Promise<unknown> {
  const { createJiti } = await import("jiti");
  const jiti = createJiti(import.meta.url, { moduleCache: false, fsCache: false });
  return jiti.import(file, { default: true });
}
