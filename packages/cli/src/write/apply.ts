import { rmdir, unlink } from "node:fs/promises";
import path from "node:path";
import {
  commitStagedFiles,
  discardStagedFiles,
  type StagedFile,
  stageFile,
} from "./atomic-write.js";
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
 * nothing. Returns the absolute paths written.
 */
export async function applyWritePlan(plan: WritePlan): Promise<string[]> {
  const refused = refusedEntries(plan);
  if (refused.length > 0) throw new WriteRefusedError(refused);
  const staged: StagedFile[] = [];
  try {
    for (const entry of plan.entries) {
      if (entry.action !== "create" && entry.action !== "change") continue;
      staged.push(await stageFile(entry.target, entry.contents ?? ""));
    }
  } catch (error) {
    await discardStagedFiles(staged);
    throw error;
  }
  for (const entry of plan.entries) {
    if (entry.action !== "delete") continue;
    await unlink(entry.target);
    await removeEmptyDirectories(path.dirname(entry.target), plan.outDir);
  }
  await commitStagedFiles(staged);
  return staged.map((file) => file.target);
}

/** Removes `directory` and its parents while they are empty, stopping below `root`. */
async function removeEmptyDirectories(directory: string, root: string): Promise<void> {
  let current = directory;
  while (isInside(root, current)) {
    try {
      await rmdir(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOTEMPTY" || code === "EEXIST" || code === "ENOENT") return;
      throw error;
    }
    current = path.dirname(current);
  }
}
