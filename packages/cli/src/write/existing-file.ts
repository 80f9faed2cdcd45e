import { lstatSync, readFileSync } from "node:fs";

/** What is on disk where a file is about to be written. */
export type ExistingFile =
  | { kind: "missing" }
  | { kind: "file"; text: string }
  | { kind: "other"; description: string };

/**
 * Looks at `target` without following a symbolic link. `linked` is the directory between the
 * output folder and `target` that is a symbolic link, if any (`linkedDirectory`): writing through
 * it would leave the output folder.
 */
export function readExistingFile(target: string, linked: string | undefined): ExistingFile {
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
