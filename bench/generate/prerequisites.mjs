import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { TIME_BIN } from "./run-measured.mjs";

/** Installs a package folder from its lockfile the first time the benchmark needs it. */
export function ensureInstalled(dir, why) {
  if (existsSync(join(dir, "node_modules/.package-lock.json"))) return;
  console.error(`Installing ${why} (npm ci --prefix ${dir}), once…`);
  run("npm", ["ci", "--prefix", dir]);
}

/** Peak memory comes from GNU time; Debian ships it in the `time` package. */
export function ensureGnuTime() {
  if (existsSync(TIME_BIN)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${TIME_BIN} is missing: install GNU time (Debian: apt-get install time)`);
  }
  console.error(
    `${TIME_BIN} is missing; installing Debian's "time" package to measure peak memory…`,
  );
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "time"]);
}

export function ensureFile(path, hint) {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${hint}`);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
}
