import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
} from "node:fs";
import path from "node:path";
import { CLIENT_SHAPE_FILE, GENERATED_MARKER } from "../options.js";
import { isMissing } from "./directories.js";
import { hasGeneratedMarker } from "./marker.js";

/** The only places below `--out` that `--clean` may delete from. */
const OWNED_DIRECTORIES = ["apis", "types"];
const OWNED_FILES = ["service.ts", "index.ts", CLIENT_SHAPE_FILE];

/**
 * Generated files (marker on the first line) in the generator's own paths below `root` that are
 * not in `keep`, sorted. Symbolic links are never followed or listed, so nothing outside `root`
 * is ever reached.
 */
export function findStaleGeneratedFiles(root: string, keep: ReadonlySet<string>): string[] {
  const listed = OWNED_DIRECTORIES.map((directory) => listRegularFiles(path.join(root, directory)));
  const candidates = [...OWNED_FILES.map((file) => path.join(root, file)), ...listed.flat()];
  const stale: string[] = [];
  for (const candidate of candidates) {
    if (!keep.has(candidate) && startsWithMarker(candidate)) stale.push(candidate);
  }
  return stale.sort();
}

function listRegularFiles(directory: string): string[] {
  if (!isRealDirectory(directory)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) for (const file of listRegularFiles(entryPath)) files.push(file);
    else if (entry.isFile()) files.push(entryPath);
  }
  return files;
}

function isRealDirectory(directory: string): boolean {
  try {
    return lstatSync(directory).isDirectory();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

const MARKER_BYTES = Buffer.byteLength(GENERATED_MARKER);

/** Reads only the first line's worth of bytes; O_NOFOLLOW refuses a link swapped in meanwhile. */
function startsWithMarker(file: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === "ELOOP") return false;
    throw error;
  }
  try {
    if (!fstatSync(descriptor).isFile()) return false;
    const buffer = Buffer.alloc(MARKER_BYTES + 1);
    const bytesRead = readSync(descriptor, buffer, 0, buffer.length, 0);
    return hasGeneratedMarker(buffer.toString("utf8", 0, bytesRead));
  } finally {
    closeSync(descriptor);
  }
}
