/** What a write run does with one path. */
export type WriteAction = "create" | "change" | "unchanged" | "delete" | "refuse";

export interface PlannedWrite {
  action: WriteAction;
  /** Relative to the output directory, `/`-separated, as the generator named it. */
  path: string;
  /** Absolute path on disk. */
  target: string;
  /** The text the generator produced; absent for `delete`. */
  contents?: string;
  /** Why the path is refused. */
  reason?: string;
}

export interface WritePlan {
  /** Absolute output directory. */
  outDir: string;
  entries: PlannedWrite[];
}

export function refusedEntries(plan: WritePlan): PlannedWrite[] {
  return plan.entries.filter((entry) => entry.action === "refuse");
}

/** Entries that would change the disk, or that block the run. */
export function differingEntries(plan: WritePlan): PlannedWrite[] {
  return plan.entries.filter((entry) => entry.action !== "unchanged");
}

export function countActions(plan: WritePlan): Record<WriteAction, number> {
  const counts = { create: 0, change: 0, unchanged: 0, delete: 0, refuse: 0 };
  for (const entry of plan.entries) counts[entry.action] += 1;
  return counts;
}
