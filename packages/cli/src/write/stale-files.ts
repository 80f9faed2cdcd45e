import { constants } from "node:fs";
import { lstat, open, readdir } from "node:fs/promises";
import path from "node:path";
import { GENERATED_MARKER } from "../options.js";
import { isMissing } from "./directories.js";
import { hasGeneratedMarker } from "./marker.js";

/** The only places below `--out` that `--clean` may delete from. */
const OWNED_DIRECTORIES = ["apis", "types"];
const OWNED_FILES = ["service.ts", "index.ts"];

/**
 * Generated files (marker on the first line) in the generator's own paths below `root` that are
 * not in `keep`, sorted. Symbolic links are never followed or listed, so nothing outside `root`
 * is ever reached.
 */
export async function findStaleGeneratedFiles(
  root: string,
  keep: ReadonlySet<string>,
): Promise<string[]> {
  const listed = await Promise.all(
    OWNED_DIRECTORIES.map((directory) => listRegularFiles(path.join(root, directory))),
  );
  const candidates = [...OWNED_FILES.map((file) => path.join(root, file)), ...listed.flat()];
  const stale: string[] = [];
  for (const candidate of candidates) {
    if (!keep.has(candidate) && (await startsWithMarker(candidate))) stale.push(candidate);
  }
  return stale.sort();
}

async function listRegularFiles(directory: string): Promise<string[]> {
  if (!(await isRealDirectory(directory))) return [];
  const files: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await listRegularFiles(entryPath)));
    else if (entry.isFile()) files.push(entryPath);
  }
  return files;
}

async function isRealDirectory(directory: string): Promise<boolean> {
  try {
    return (await lstat(directory)).isDirectory();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

const MARKER_BYTES = Buffer.byteLength(GENERATED_MARKER);

/** Reads only the first line's worth of bytes; O_NOFOLLOW refuses a link swapped in meanwhile. */
async function startsWithMarker(file: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === "ELOOP") return false;
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) return false;
    const buffer = Buffer.alloc(MARKER_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return hasGeneratedMarker(buffer.toString("utf8", 0, bytesRead));
  } finally {
    await handle.close();
  }
}
