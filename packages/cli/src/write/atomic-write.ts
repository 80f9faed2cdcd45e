import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
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
 * Writes `contents` to a temporary file in the target's directory below `root`, creating
 * directories level by level and refusing any level that is a symbolic link. Nothing a reader sees
 * changes until `commitStagedFiles`.
 */
export async function stageFile(
  target: string,
  contents: string,
  root: string,
): Promise<StagedFile> {
  const directory = path.dirname(target);
  const createdAbove = await createOutputFolder(root);
  const createdBelow = await createDirectoryBelow(root, directory);
  const createdDirectory = createdAbove ?? createdBelow;
  const suffix = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const name = path.basename(target).slice(0, MAX_NAME_IN_TEMPORARY);
  const temporary = path.join(directory, `.${name}.${suffix}.tmp`);
  try {
    const handle = await open(temporary, CREATE_NEW, 0o666);
    try {
      await handle.writeFile(contents);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await discardStagedFiles([{ target, temporary, createdDirectory }]);
    throw error;
  }
  return { target, temporary, createdDirectory };
}

/** Removes staged files and the directories staging created; what was there before stays. */
export async function discardStagedFiles(
  staged: readonly StagedFile[],
  removeDirectories = true,
): Promise<void> {
  for (const file of staged) await rm(file.temporary, { force: true });
  if (!removeDirectories) return;
  for (const file of staged) {
    if (file.createdDirectory) await rm(file.createdDirectory, { recursive: true, force: true });
  }
}

/**
 * Fails unless every staged file's directory below `root` is still a real directory: the tree may
 * have changed since staging, and a rename through a linked directory would leave `root`.
 */
export async function assertStagedInside(
  staged: readonly StagedFile[],
  root: string,
): Promise<void> {
  const directories = new Set(staged.map((file) => path.dirname(file.target)));
  for (const directory of directories) await assertRealDirectoryBelow(root, directory);
}

/**
 * Renames staged files over their targets, checking each directory again just before; renaming
 * replaces a symbolic link at the target itself, never the file it points to. Calls `committed`
 * after each rename.
 */
export async function commitStagedFiles(
  staged: readonly StagedFile[],
  root: string,
  committed: (file: StagedFile) => void = () => {},
): Promise<void> {
  await assertStagedInside(staged, root);
  for (const file of staged) {
    await assertRealDirectoryBelow(root, path.dirname(file.target));
    await rename(file.temporary, file.target);
    committed(file);
  }
}
