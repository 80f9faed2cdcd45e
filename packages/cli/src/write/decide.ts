import type { GeneratedFile } from "../options.js";
import type { ExistingFile } from "./existing-file.js";
import { hasGeneratedMarker } from "./marker.js";
import type { WriteAction } from "./plan-types.js";

export interface Decision {
  action: Exclude<WriteAction, "delete">;
  reason?: string;
}

/**
 * `kit generate`: a file without the generated marker is the user's, unless `force`. A
 * hand-written starter (`service.config.ts`) is created when missing and otherwise kept as it is,
 * `force` or not.
 */
export function decideGeneratedFile(
  file: GeneratedFile,
  existing: ExistingFile,
  force: boolean,
): Decision {
  const { contents } = file;
  if (existing.kind !== "file") return decideAbsentOrOther(existing);
  if (file.handWritten) return { action: "unchanged" };
  if (existing.text === contents) return { action: "unchanged" };
  if (force || hasGeneratedMarker(existing.text)) return { action: "change" };
  return {
    action: "refuse",
    reason: "exists without the generated marker; --force overwrites it",
  };
}

/** `kit init`: any existing file blocks, unless `force`. */
export function decideInitFile(
  { contents }: GeneratedFile,
  existing: ExistingFile,
  force: boolean,
): Decision {
  if (existing.kind !== "file") return decideAbsentOrOther(existing);
  if (!force) return { action: "refuse", reason: "already exists; --force overwrites it" };
  return { action: existing.text === contents ? "unchanged" : "change" };
}

function decideAbsentOrOther(existing: Exclude<ExistingFile, { kind: "file" }>): Decision {
  if (existing.kind === "missing") return { action: "create" };
  return { action: "refuse", reason: existing.description };
}
