import { lstatSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { KitGenerateError } from "../errors.js";

/**
 * Directories are created one level at a time, never with `mkdir({ recursive: true })`: Node's
 * recursive mkdir loops forever below a folder like `/proc/self`, and below the output folder
 * each level must be checked not to be a symbolic link.
 */

/**
 * Creates the output folder and its missing parents, following links as the user's path does.
 * Returns the topmost directory it created.
 */
export function createOutputFolder(root: string): string | undefined {
  const missing: string[] = [];
  for (let current = root; ; current = path.dirname(current)) {
    if (exists(current)) break;
    missing.push(current);
    if (path.dirname(current) === current) break;
  }
  for (const directory of missing.reverse()) makeDirectory(directory);
  return missing[0];
}

/**
 * Creates `directory` below `root` level by level and returns the topmost directory it created.
 * A level that is a symbolic link or not a directory stops it, so nothing is ever created outside.
 */
export function createDirectoryBelow(root: string, directory: string): string | undefined {
  let created: string | undefined;
  let current = root;
  for (const segment of segmentsBelow(root, directory)) {
    current = path.join(current, segment);
    let kind = kindOf(current);
    if (kind === "missing") {
      makeDirectory(current);
      created ??= current;
      kind = kindOf(current);
    }
    if (kind !== "directory") throw changedUnderRun(current, kind);
  }
  return created;
}

/** Fails when a level between `root` and `directory` (inclusive) is no longer a real directory. */
export function assertRealDirectoryBelow(root: string, directory: string): void {
  let current = root;
  for (const segment of segmentsBelow(root, directory)) {
    current = path.join(current, segment);
    const kind = kindOf(current);
    if (kind !== "directory") throw changedUnderRun(current, kind);
  }
}

/** The first directory from `root` down to `directory` that is a symbolic link, relative to `root`. */
export function linkedDirectory(root: string, directory: string): string | undefined {
  let current = root;
  for (const segment of segmentsBelow(root, directory)) {
    current = path.join(current, segment);
    const kind = kindOf(current);
    if (kind === "link") return path.relative(root, current);
    if (kind === "missing") return undefined;
  }
  return undefined;
}

type Kind = "directory" | "link" | "missing" | "other";

function kindOf(file: string): Kind {
  try {
    // A missing file is the usual answer in a new output folder: no error is made for it.
    const stats = lstatSync(file, { throwIfNoEntry: false });
    if (stats === undefined) return "missing";
    if (stats.isSymbolicLink()) return "link";
    return stats.isDirectory() ? "directory" : "other";
  } catch (error) {
    if (isMissing(error)) return "missing";
    throw error;
  }
}

function changedUnderRun(current: string, kind: Kind): KitGenerateError {
  const what =
    kind === "link"
      ? "is a symbolic link"
      : kind === "missing"
        ? "was removed"
        : "is not a directory";
  return new KitGenerateError(
    `${what}; the output folder changed during the run, so the run stopped`,
    { file: current },
  );
}

function segmentsBelow(root: string, directory: string): string[] {
  return path
    .relative(root, directory)
    .split(path.sep)
    .filter((segment) => segment !== "");
}

function makeDirectory(directory: string): void {
  try {
    mkdirSync(directory);
  } catch (error) {
    // Another run may create the same directory at the same moment.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

function exists(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
