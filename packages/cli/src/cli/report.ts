import path from "node:path";
import type { PlannedWrite, WriteAction } from "../write/plan-types.js";

export type ActionLabels = Record<WriteAction, string>;

/** Labels for what a run did. */
export const DONE: ActionLabels = {
  create: "created",
  change: "changed",
  unchanged: "unchanged",
  delete: "deleted",
  refuse: "refused",
};

/** Labels for what a run would do (`--dry-run`, `--check`). */
export const PLANNED: ActionLabels = {
  create: "create",
  change: "change",
  unchanged: "unchanged",
  delete: "delete",
  refuse: "refuse",
};

const LABEL_WIDTH = Math.max(...Object.values(DONE).map((label) => label.length));

/** One line per entry: label, path as the user would type it, and the reason for a refusal. */
export function formatEntry(entry: PlannedWrite, labels: ActionLabels, cwd: string): string {
  const reason = entry.reason ? ` (${entry.reason})` : "";
  return `${labels[entry.action].padEnd(LABEL_WIDTH)} ${displayPath(cwd, entry.target)}${reason}`;
}

/** A path relative to the working directory, the way the user named it on the command line. */
export function displayPath(cwd: string, target: string): string {
  return path.relative(cwd, target) || ".";
}

export function formatElapsed(milliseconds: number): string {
  return milliseconds < 1000
    ? `${Math.round(milliseconds)} ms`
    : `${(milliseconds / 1000).toFixed(2)} s`;
}
