import type { WritePlan } from "../write/plan-types.js";
import { refusedEntries } from "../write/plan-types.js";
import { WriteRefusedError } from "../write/refused-error.js";
import { displayPath } from "./report.js";

/** Fails the run before anything is written, naming every refused path as the user sees it. */
export function throwIfRefused(plan: WritePlan, cwd: string): void {
  const refused = refusedEntries(plan);
  if (refused.length > 0) {
    throw new WriteRefusedError(refused, (entry) => displayPath(cwd, entry.target));
  }
}
