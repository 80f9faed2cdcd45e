import path from "node:path";
import type { GeneratedFile, GenerateResult } from "../options.js";
import { once } from "../util/once.js";
import type { Decision } from "./decide.js";
import { decideGeneratedFile } from "./decide.js";
import { linkedDirectory } from "./directories.js";
import type { ExistingFile } from "./existing-file.js";
import { readExistingFile } from "./existing-file.js";
import { resolveOutputPath } from "./output-path.js";
import type { PlannedWrite, WritePlan } from "./plan-types.js";
import { refuseSpecialFolder } from "./special-folder.js";
import { findStaleGeneratedFiles } from "./stale-files.js";

export interface WriteOptions {
  /** Delete generated files in the generator's own paths that this result no longer contains. */
  clean?: boolean;
  /** Overwrite files that lack the generated marker. */
  force?: boolean;
}

type Decide = (file: GeneratedFile, existing: ExistingFile) => Decision;

/** Reads the disk and decides, per file, what `kit generate` would do. Writes nothing. */
export function planWrite(
  result: GenerateResult,
  outDir: string,
  options: WriteOptions = {},
): WritePlan {
  const root = path.resolve(outDir);
  const force = options.force ?? false;
  const entries = planFiles(result.files, root, (file, existing) =>
    decideGeneratedFile(file, existing, force),
  );
  if (options.clean) {
    const kept = new Set(entries.map((entry) => entry.target));
    for (const target of findStaleGeneratedFiles(root, kept)) {
      entries.push({ action: "delete", path: toPosix(path.relative(root, target)), target });
    }
  }
  return { outDir: root, entries };
}

/**
 * Plans each file with `decide`; a path that would leave `root` is refused, and so is a `root`
 * that is no ordinary folder.
 */
export function planFiles(
  files: readonly GeneratedFile[],
  root: string,
  decide: Decide,
): PlannedWrite[] {
  refuseSpecialFolder(root);
  // Hundreds of files share a few directories: each directory's levels are looked at once.
  const linkedByDirectory = new Map<string, string | undefined>();
  const linkedOnTheWay = (target: string) => {
    const directory = path.dirname(target);
    return once(linkedByDirectory, directory, () => linkedDirectory(root, directory));
  };
  return files.map((file): PlannedWrite => {
    const target = resolveOutputPath(root, file.path);
    if (target === undefined) {
      return {
        action: "refuse",
        path: file.path,
        target: path.resolve(root, file.path),
        reason: "resolves outside the output directory",
      };
    }
    const decision = decide(file, readExistingFile(target, linkedOnTheWay(target)));
    return { ...decision, path: file.path, target, contents: file.contents };
  });
}

function toPosix(relativePath: string): string {
  return relativePath.split(path.sep).join("/");
}
