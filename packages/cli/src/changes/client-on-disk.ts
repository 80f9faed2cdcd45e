import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { GeneratedFile } from "../options.js";
import { hasGeneratedMarker } from "../write/marker.js";

const FOLDERS = ["apis", "types"];

/** Whether `outDir` may hold a client: a `.ts` file in `apis/` or `types/`, marked or not. */
export async function hasClientOnDisk(outDir: string): Promise<boolean> {
  for (const folder of FOLDERS) {
    const names = await readdir(path.join(outDir, folder)).catch(() => [] as string[]);
    if (names.some((name) => name.endsWith(".ts"))) return true;
  }
  return false;
}

/**
 * The generated files of the client now in `outDir`: `apis/*.api.ts` and `types/*.ts` that carry
 * the marker. Symbolic links are not followed; a missing folder is an empty client.
 */
export async function readClientOnDisk(outDir: string): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const folder of FOLDERS) {
    const directory = path.join(outDir, folder);
    const names = await readdir(directory).catch(() => [] as string[]);
    for (const name of names.sort()) {
      if (!name.endsWith(".ts")) continue;
      const file = path.join(directory, name);
      const stats = await lstat(file).catch(() => undefined);
      if (!stats?.isFile()) continue;
      const contents = await readFile(file, "utf8").catch(() => "");
      if (hasGeneratedMarker(contents)) files.push({ path: `${folder}/${name}`, contents });
    }
  }
  return files;
}

/**
 * Whether the client read by `readClientOnDisk` is, file for file, the one in `files`: then the
 * comparison of the two has nothing to find.
 */
export function isClientOnDisk(
  onDisk: readonly GeneratedFile[],
  files: readonly GeneratedFile[],
): boolean {
  const client = files.filter((file) => FOLDERS.includes(path.posix.dirname(file.path)));
  if (client.length !== onDisk.length) return false;
  const contents = new Map(onDisk.map((file) => [file.path, file.contents]));
  return client.every((file) => contents.get(file.path) === file.contents);
}
