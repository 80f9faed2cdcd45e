import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { CLIENT_SHAPE_FILE } from "../options.js";

const FOLDERS = ["apis", "types"];

/** What `outDir` holds before a run: no client, a client with its shape file, or one without. */
export type ClientOnDisk =
  | { kind: "none" }
  | { kind: "shape"; text: string }
  /** A client whose shape is unknown; `reason` says what is wrong with its shape file. */
  | { kind: "unknown"; reason: string };

/**
 * Reads the shape file of the client in `outDir`. Without one, a `.ts` file in `apis/` or `types/`
 * (marked or not) still means a client is there. Symbolic links are not followed.
 */
export async function readClientOnDisk(outDir: string): Promise<ClientOnDisk> {
  const file = path.join(outDir, CLIENT_SHAPE_FILE);
  const stats = await lstat(file).catch(() => undefined);
  if (stats !== undefined) {
    if (!stats.isFile()) return { kind: "unknown", reason: "is no file" };
    return { kind: "shape", text: await readFile(file, "utf8") };
  }
  for (const folder of FOLDERS) {
    const names = await readdir(path.join(outDir, folder)).catch(() => [] as string[]);
    if (names.some((name) => name.endsWith(".ts"))) {
      return {
        kind: "unknown",
        reason: "is missing (an earlier Kit wrote this client)",
      };
    }
  }
  return { kind: "none" };
}
