import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The built command; `npm test` builds first (`tsc -b packages/cli`). */
export const KIT_BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

export interface KitRun {
  code: number | null;
  stdout: string;
  stderr: string;
  stderrLines: string[];
}

/**
 * The user a child process runs as so that permission bits apply: tests run as root on CI, and
 * root reads and writes through any mode. `nobody` must be able to reach the files it is given.
 */
export const UNPRIVILEGED = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** Runs `node <bin> ...args` in `cwd` as a real child process, as `user` when given. */
export function runKit(
  args: readonly string[],
  cwd: string,
  bin = KIT_BIN,
  user: { uid?: number; gid?: number } = {},
): Promise<KitRun> {
  if (!existsSync(KIT_BIN)) {
    throw new Error(
      `${KIT_BIN} is missing: run node node_modules/typescript/bin/tsc -b packages/cli`,
    );
  }
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, ...user }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
      const stderrLines = stderr.split("\n").filter((line) => line !== "");
      resolve({ code, stdout, stderr, stderrLines });
    });
  });
}
