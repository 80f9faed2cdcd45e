import { type FSWatcher, watch } from "node:fs";
import path from "node:path";
import { reportFailure } from "./failure.js";
import type { CliIo } from "./io.js";

/**
 * Watches the file's folder rather than the file: editors save by writing a new file and
 * renaming it over the old one, and a deleted file can come back.
 */
export function watchFile(file: string, changed: () => void, io: CliIo): () => void {
  const name = path.basename(file);
  let watcher: FSWatcher;
  try {
    watcher = watch(path.dirname(file), (_event, changedName) => {
      if (changedName === null || changedName === name) changed();
    });
  } catch (error) {
    reportFailure(error, io, false);
    return () => {};
  }
  watcher.on("error", (error) => reportFailure(error, io, false));
  return () => watcher.close();
}
