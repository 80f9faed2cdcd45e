import { lstatSync, readFileSync } from "node:fs";
import path from "node:path";
import { linkedDirectory } from "./directories.js";

/** What is on disk where a file is about to be written. */
export type ExistingFile =
  | { kind: "missing" }
  | { kind: "file"; text: string }
  | { kind: "other"; description: string };

/**
 * Looks at `target` below `root` without following a symbolic link: neither `target` itself nor a
 * directory between `root` and it, since writing through a linked directory would leave `root`.
 * `linkedBelowRoot` names the linked directory on the way to a directory, if any.
 */
export function readExistingFile(
  target: string,
  root: string,
  linkedBelowRoot: (directory: string) => string | undefined = (directory) =>
    linkedDirectory(root, directory),
): ExistingFile {
  const linked = linkedBelowRoot(path.dirname(target));
  if (linked !== undefined) {
    return { kind: "other", description: `is inside ${linked}, a symbolic link` };
  }
  try {
    const stats = lstatSync(target, { throwIfNoEntry: false });
    if (stats === undefined) return { kind: "missing" };
    if (stats.isFile()) return { kind: "file", text: readFileSync(target, "utf8") };
    if (stats.isSymbolicLink()) return { kind: "other", description: "is a symbolic link" };
    if (stats.isDirectory()) return { kind: "other", description: "is a directory" };
    return { kind: "other", description: "is not a regular file" };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "missing" };
    if (code === "ENOTDIR")
      return { kind: "other", description: "a parent path is not a directory" };
    throw error;
  }
}
