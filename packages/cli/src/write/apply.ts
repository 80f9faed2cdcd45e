import { rmdir, unlink } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { isInside } from "./output-path.js";
import type { WritePlan } from "./plan-types.js";
import { refusedEntries } from "./plan-types.js";
import { WriteRefusedError } from "./refused-error.js";

/**
 * Carries out a plan: deletions first (so a stale file cannot shadow a new one on a
 * case-insensitive file system), then writes. Unchanged files are not touched. A plan with any
 * refusal writes nothing. Returns the absolute paths written.
 */
export async function applyWritePlan(plan: WritePlan): Promise<string[]> {
  const refused = refusedEntries(plan);
  if (refused.length > 0) throw new WriteRefusedError(refused);
  for (const entry of plan.entries) {
    if (entry.action !== "delete") continue;
    await unlink(entry.target);
    await removeEmptyDirectories(path.dirname(entry.target), plan.outDir);
  }
  const written: string[] = [];
  for (const entry of plan.entries) {
    if (entry.action !== "create" && entry.action !== "change") continue;
    await writeFileAtomic(entry.target, entry.contents ?? "");
    written.push(entry.target);
  }
  return written;
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
