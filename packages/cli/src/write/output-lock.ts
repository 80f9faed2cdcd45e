import { randomBytes } from "node:crypto";
import { link, readFile, rename, rmdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { KitGenerateError } from "../errors.js";
import { createOutputFolder, isMissing } from "./directories.js";
import { refuseSpecialFolder } from "./special-folder.js";

/** The lock file in the output folder while a run writes there. */
export const LOCK_FILE = ".kit-generate.lock";

export interface LockOptions {
  /** How long to wait for another run to finish before giving up. */
  waitMs?: number;
}

const DEFAULT_WAIT_MS = 60_000;
const POLL_MS = 25;

/**
 * Runs `work` while holding the lock file in `root` (created if missing, unless it is no ordinary
 * folder), so runs that write to one folder take turns:
 * a second run waits for the first (up to `waitMs`), then plans against what the first wrote.
 * The lock names the holder's process id; a lock whose process no longer exists (a run that was
 * killed) is taken over. The lock is created complete, by hard-linking a file that already holds
 * the id, so no run ever reads a half-written lock.
 */
export async function withOutputLock<T>(
  root: string,
  work: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  refuseSpecialFolder(root);
  const created = createOutputFolder(root);
  const lockPath = path.join(root, LOCK_FILE);
  const token = `${process.pid} ${randomBytes(8).toString("hex")}\n`;
  try {
    await acquire(lockPath, token, options.waitMs ?? DEFAULT_WAIT_MS);
    try {
      return await work();
    } finally {
      await release(lockPath, token);
    }
  } finally {
    // Folders created for the lock alone, by a run that wrote nothing, go again.
    if (created !== undefined) await removeEmptyUpTo(root, created);
  }
}

async function acquire(lockPath: string, token: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await tryCreate(lockPath, token)) return;
    const holder = await readText(lockPath);
    if (holder === undefined) continue;
    const pid = Number.parseInt(holder, 10);
    if (!isRunning(pid)) {
      await removeAbandoned(lockPath, holder);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new KitGenerateError(
        `another kit generate (process ${pid}) is writing to this folder; if it is not running, delete the file`,
        { file: lockPath },
      );
    }
    await sleep(POLL_MS);
  }
}

/** Creates the lock with its contents in one step; false when it already exists. */
async function tryCreate(lockPath: string, token: string): Promise<boolean> {
  const draft = uniqueBeside(lockPath, "new");
  await writeFile(draft, token, { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
    throw new KitGenerateError(
      `cannot write to the folder (${error.code ?? error.message})`,
      {
        file: path.dirname(lockPath),
      },
      { cause: error },
    );
  });
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(draft);
  }
}

/**
 * Moves an abandoned lock aside and deletes it. When another run replaced it in the meantime
 * (the moved file is not the one that was read), that lock is put back.
 */
async function removeAbandoned(lockPath: string, holder: string): Promise<void> {
  const aside = uniqueBeside(lockPath, "old");
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  if ((await readText(aside)) !== holder) {
    await link(aside, lockPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
  }
  await unlink(aside);
}

async function release(lockPath: string, token: string): Promise<void> {
  if ((await readText(lockPath)) === token) await unlink(lockPath);
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Whether a process with this id exists; EPERM means it does, under another user. */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function uniqueBeside(file: string, kind: string): string {
  return `${file}.${process.pid}-${randomBytes(4).toString("hex")}.${kind}`;
}

/** Removes `directory` and its parents up to `topmost` while they are empty. */
async function removeEmptyUpTo(directory: string, topmost: string): Promise<void> {
  for (let current = directory; ; current = path.dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return;
    }
    if (current === topmost) return;
  }
}
