import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** A file written next to its target, waiting to be renamed over it. */
export interface StagedFile {
  target: string;
  temporary: string;
  /** The topmost directory staging had to create, removed again when the files are discarded. */
  createdDirectory: string | undefined;
}

/**
 * Writes `contents` to a temporary file in the target's directory. Nothing a reader sees changes
 * until `commitStagedFiles`; renaming replaces a symbolic link itself, never the file it points to.
 */
export async function stageFile(target: string, contents: string): Promise<StagedFile> {
  const directory = path.dirname(target);
  const createdDirectory = await mkdir(directory, { recursive: true });
  const suffix = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const temporary = path.join(directory, `.${path.basename(target)}.${suffix}.tmp`);
  try {
    await writeFile(temporary, contents, { flag: "wx" });
  } catch (error) {
    await discardStagedFiles([{ target, temporary, createdDirectory }]);
    throw error;
  }
  return { target, temporary, createdDirectory };
}

/** Removes staged files and the directories staging created; what was there before stays. */
export async function discardStagedFiles(staged: readonly StagedFile[]): Promise<void> {
  for (const file of staged) await rm(file.temporary, { force: true });
  for (const file of staged) {
    if (file.createdDirectory) await rm(file.createdDirectory, { recursive: true, force: true });
  }
}

export async function commitStagedFiles(staged: readonly StagedFile[]): Promise<void> {
  for (const file of staged) await rename(file.temporary, file.target);
}
