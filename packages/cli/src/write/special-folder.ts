import { statfsSync, statSync } from "node:fs";
import path from "node:path";
import { KitGenerateError } from "../errors.js";
import { isMissing } from "./directories.js";

/**
 * Linux file systems that show kernel state as files (`statfs` type numbers from linux/magic.h).
 * They cannot hold a client, and some misbehave when written to: `/proc/self` made Node's
 * recursive mkdir spin forever.
 */
const KERNEL_FILE_SYSTEMS = new Map<number, string>([
  [0x9fa0, "proc"],
  [0x62656572, "sysfs"],
  [0x1cd1, "devpts"],
  [0x64626720, "debugfs"],
  [0x74726163, "tracefs"],
  [0x73636673, "securityfs"],
  [0x27e0eb, "cgroup"],
  [0x63677270, "cgroup2"],
  [0x6165676c, "pstore"],
  [0xcafe4a11, "bpf"],
  [0x62656570, "configfs"],
  [0xde5e81e4, "efivarfs"],
  [0x65735543, "fusectl"],
  [0x19800202, "mqueue"],
  [0x42494e4d, "binfmt_misc"],
  [0xf97cff8c, "selinuxfs"],
  [0x6e736673, "nsfs"],
]);

/**
 * Refuses an output folder that is not an ordinary folder: an existing path that is not a
 * directory (`/dev/null`), or a folder on a kernel file system (`/proc/self`). A folder that does
 * not exist yet is judged by the nearest parent that does.
 */
export function refuseSpecialFolder(root: string): void {
  const { existing, isDirectory } = nearestExisting(root);
  if (!isDirectory) {
    throw new KitGenerateError(
      existing === root
        ? "is not a folder; --out names the folder to write to"
        : "is not a folder, so the output folder cannot be created in it",
      { file: existing },
    );
  }
  if (process.platform !== "linux") return;
  const system = KERNEL_FILE_SYSTEMS.get(Number(statfsSync(existing).type));
  if (system !== undefined) {
    throw new KitGenerateError(
      `is on the ${system} file system, which shows kernel state, not an ordinary folder`,
      { file: existing },
    );
  }
}

function nearestExisting(root: string): { existing: string; isDirectory: boolean } {
  for (let current = root; ; current = path.dirname(current)) {
    try {
      return { existing: current, isDirectory: statSync(current).isDirectory() };
    } catch (error) {
      if (!isMissing(error) || path.dirname(current) === current) throw error;
    }
  }
}
