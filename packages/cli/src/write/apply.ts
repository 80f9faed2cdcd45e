import { rmdirSync, unlinkSync } from "node:fs";
import path from "node:path";
import {
  assertStagedInside,
  commitStagedFiles,
  discardStagedFiles,
  type StagedFile,
  stageFile,
} from "./atomic-write.js";
import { assertRealDirectoryBelow, isMissing } from "./directories.js";
import { isInside } from "./output-path.js";
import type { WritePlan } from "./plan-types.js";
import { refusedEntries } from "./plan-types.js";
import { WriteRefusedError } from "./refused-error.js";

/**
 * Carries out a plan in three steps, so a failure leaves the output as it was: every new content
 * is first written beside its target (a full disk or a read-only directory stops the run here,
 * and the staged files are removed again); then stale files are deleted (before the renames, so a
 * stale file cannot shadow a new one on a case-insensitive file system); then the staged files
 * are renamed over their targets. Unchanged files are not touched. A plan with any refusal writes
 * nothing. Every directory is checked again right before a file in it is written or deleted, so a
 * directory swapped for a symbolic link during the run stops it instead of leading outside.
 * The file system calls here and in the rest of write/ are synchronous: a run makes several per
 * file for hundreds of files, and each asynchronous call is a round trip through the thread pool
 * that nothing else in a generate run is waiting to use.
 * Returns the absolute paths written.
 */
export function applyWritePlan(plan: WritePlan): string[] {
  const refused = refusedEntries(plan);
  if (refused.length > 0) throw new WriteRefusedError(refused);
  const staged: StagedFile[] = [];
  const pending = new Set<StagedFile>();
  try {
    for (const entry of plan.entries) {
      if (entry.action !== "create" && entry.action !== "change") continue;
      const file = stageFile(entry.target, entry.contents ?? "", plan.outDir);
      staged.push(file);
      pending.add(file);
    }
    assertStagedInside(staged, plan.outDir);
    for (const entry of plan.entries) {
      if (entry.action === "delete") deleteFile(entry.target, plan.outDir);
    }
    commitStagedFiles(staged, plan.outDir, (file) => pending.delete(file));
  } catch (error) {
    // Once a file is in place, the directories staging created hold it and stay.
    discardStagedFiles([...pending], pending.size === staged.length);
    throw error;
  }
  return staged.map((file) => file.target);
}

/** Deletes a stale file, unless it is gone already, then its directories left empty. */
function deleteFile(target: string, root: string): void {
  assertRealDirectoryBelow(root, path.dirname(target));
  try {
    unlinkSync(target);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  removeEmptyDirectories(path.dirname(target), root);
}

/** Removes `directory` and its parents while they are empty, stopping below `root`. */
function removeEmptyDirectories(directory: string, root: string): void {
  let current = directory;
  while (isInside(root, current)) {
    try {
      rmdirSync(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOTEMPTY" || code === "EEXIST" || code === "ENOENT") return;
      throw error;
    }
    current = path.dirname(current);
  }
}
