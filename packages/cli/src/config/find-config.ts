import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { KitUsageError } from "../errors.js";

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

/** What makes a folder the root of a project: the lookup never goes above it. */
const PROJECT_ROOT_MARKERS = ["package.json", ".git"];

/**
 * The config file for a run in `start`: the nearest one from `start` up to the project root (the
 * nearest folder with a `package.json` or `.git`, as ESLint and Vite bound theirs), or, outside
 * any project, only the one in `start`. A config file runs code or redirects the output, so one
 * in a folder above the project (a shared temporary folder, someone's home) is never read, nor
 * one that another user owns. Two config files in one folder are an error, since either could
 * be meant.
 */
export async function findConfigFile(start: string): Promise<string | undefined> {
  const first = path.resolve(start);
  let nearest: string | undefined;
  for (let directory = first; ; directory = path.dirname(directory)) {
    const names = new Set(await readdir(directory).catch(() => [] as string[]));
    nearest ??= configIn(directory, names);
    if (nearest !== undefined && directory === first) break;
    if (PROJECT_ROOT_MARKERS.some((marker) => names.has(marker))) break;
    // Outside any project: a config file found above `start` is not this run's.
    if (path.dirname(directory) === directory) return undefined;
  }
  if (nearest !== undefined) await checkOwner(nearest);
  return nearest;
}

function configIn(directory: string, names: ReadonlySet<string>): string | undefined {
  const found = CONFIG_NAMES.filter((name) => names.has(name));
  if (found.length > 1) {
    throw new KitUsageError(`${found.join(" and ")} are both here; keep one`, { file: directory });
  }
  return found.length === 1 ? path.join(directory, found[0]!) : undefined;
}

/**
 * A config file another user owns is refused, as git refuses a repository another user owns: on
 * a shared machine it is someone else's code. Files root owns are the system's and trusted; a
 * process running as root (a container over a mounted project, whose files belong to the host's
 * user) trusts every file. Naming a file with `--config` loads it anyway. Windows has no user ids
 * here, so the check is POSIX only.
 */
async function checkOwner(file: string): Promise<void> {
  const uid = process.getuid?.();
  if (uid === undefined || uid === 0) return;
  const owner = (await stat(file)).uid;
  if (owner === uid || owner === 0) return;
  throw new KitUsageError(
    `belongs to another user (uid ${owner}), so kit does not load it; name it with --config to use it anyway`,
    { file },
  );
}
