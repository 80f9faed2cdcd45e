import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Every regular file below `directory` with its text, by path relative to `directory`. */
export async function snapshot(directory: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(directory, file)] = await readFile(file, "utf8");
    }
  }
  return files;
}
