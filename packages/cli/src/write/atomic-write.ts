import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Writes through a temporary file in the same directory and renames it over `target`, so a
 * reader never sees a half-written file and a crash leaves the old one intact. Renaming replaces
 * a symbolic link itself rather than the file it points to.
 */
export async function writeFileAtomic(target: string, contents: string): Promise<void> {
  const directory = path.dirname(target);
  await mkdir(directory, { recursive: true });
  const suffix = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const temporary = path.join(directory, `.${path.basename(target)}.${suffix}.tmp`);
  try {
    await writeFile(temporary, contents, { flag: "wx" });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
