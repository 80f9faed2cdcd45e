import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Total bytes and number of files a generator wrote under `dir`. */
export function outputSize(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      bytes += statSync(join(entry.parentPath, entry.name)).size;
      files += 1;
    }
  }
  return { bytes, files };
}
