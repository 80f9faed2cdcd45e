import { randomBytes } from "node:crypto";
import { closeSync, constants, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  assertRealDirectoryBelow,
  createDirectoryBelow,
  createOutputFolder,
} from "./directories.js";

/** A file written next to its target, waiting to be renamed over it. */
export interface StagedFile {
  target: string;
  temporary: string;
  /** The topmost directory staging had to create, removed again when the files are discarded. */
  createdDirectory: string | undefined;
}

/** Creates a new file only, and never through a symbolic link put in its place. */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * The staging name keeps at most this much of the target's name, so it stays within the 255-byte
 * file name limit however long the target's name is.
 */
const MAX_NAME_IN_TEMPORARY = 60;

/**
 * Temporary names are the process id, a random token drawn once per process (another process
 * could reuse the id) and a count; `O_EXCL` refuses a name that is taken all the same.
 */
const PROCESS_TOKEN = randomBytes(4).toString("hex");
let stagedCount = 0;

/**
 * Writes `contents` to a temporary file in the target's directory below `root`, creating
 * directories level by level and refusing any level that is a symbolic link. Nothing a reader sees
 * changes until `commitStagedFiles`.
 */
export function stageFile(target: string, contents: string, root: string): StagedFile {
  const directory = path.dirname(target);
  const createdAbove = createOutputFolder(root);
  const createdBelow = createDirectoryBelow(root, directory);
  const createdDirectory = createdAbove ?? createdBelow;
  stagedCount += 1;
  const suffix = `${process.pid}-${PROCESS_TOKEN}-${stagedCount}`;
  const name = path.basename(target).slice(0, MAX_NAME_IN_TEMPORARY);
  const temporary = path.join(directory, `.${name}.${suffix}.tmp`);
  try {
    const descriptor = openSync(temporary, CREATE_NEW, 0o666);
    try {
      writeFileSync(descriptor, contents);
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    discardStagedFiles([{ target, temporary, createdDirectory }]);
    throw error;
  }
  return { target, temporary, createdDirectory };
}

/** Removes staged files and the directories staging created; what was there before stays. */
export function discardStagedFiles(staged: readonly StagedFile[], removeDirectories = true): void {
  for (const file of staged) rmSync(file.temporary, { force: true });
  if (!removeDirectories) return;
  for (const file of staged) {
    if (file.createdDirectory) rmSync(file.createdDirectory, { recursive: true, force: true });
  }
}

/**
 * Fails unless every staged file's directory below `root` is still a real directory: the tree may
 * have changed since staging, and a rename through a linked directory would leave `root`.
 */
export function assertStagedInside(staged: readonly StagedFile[], root: string): void {
  const directories = new Set(staged.map((file) => path.dirname(file.target)));
  for (const directory of directories) assertRealDirectoryBelow(root, directory);
}

/**
 * Renames staged files over their targets, checking each directory again just before; renaming
 * replaces a symbolic link at the target itself, never the file it points to. Calls `committed`
 * after each rename.
 */
export function commitStagedFiles(
  staged: readonly StagedFile[],
  root: string,
  committed: (file: StagedFile) => void = () => {},
): void {
  assertStagedInside(staged, root);
  for (const file of staged) {
    assertRealDirectoryBelow(root, path.dirname(file.target));
    renameSync(file.temporary, file.target);
    committed(file);
  }
}
