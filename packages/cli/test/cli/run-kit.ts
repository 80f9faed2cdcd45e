import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The built command; `npm test` builds first (`tsc -b packages/cli`). */
export const KIT_BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/**
 * The command npm links into node_modules/.bin: the package's `bin`, the bundle `npm run build`
 * makes of dist/bin.js and what it imports (packages/cli/bundle.mjs).
 */
export const PUBLISHED_KIT_BIN = fileURLToPath(
  new URL(
    (
      JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
        bin: { kit: string };
      }
    ).bin.kit,
    new URL("../../", import.meta.url),
  ),
);

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

/**
 * The command as the unprivileged user can run it: under root, a copy of the built package and
 * its one dependency inside `directory` (the checkout may sit in a folder only root can enter);
 * otherwise the built command itself.
 */
export async function kitBinFor(directory: string): Promise<string> {
  if (UNPRIVILEGED.uid === undefined) return KIT_BIN;
  const copy = path.join(directory, ".kit");
  const packageRoot = fileURLToPath(new URL("../../", import.meta.url));
  const yaml = path.dirname(createRequire(import.meta.url).resolve("yaml/package.json"));
  await cp(path.join(packageRoot, "package.json"), path.join(copy, "package.json"));
  await cp(path.join(packageRoot, "dist"), path.join(copy, "dist"), { recursive: true });
  await cp(yaml, path.join(copy, "node_modules", "yaml"), { recursive: true });
  return path.join(copy, "dist", "bin.js");
}

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
