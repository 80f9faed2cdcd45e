#!/usr/bin/env node
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { engineFlags } from "./cli/engine-flags.js";
import type { CliIo } from "./cli/io.js";
import { lineWriter } from "./cli/line-writer.js";
import { runCli } from "./cli/run-cli.js";

export type {
  CliCommand,
  GenerateCommand,
  GenerateMode,
  InitCommand,
} from "./cli/command.js";
export type { CliIo, ExitCode } from "./cli/io.js";
export { parseArgv } from "./cli/parse-argv.js";
export { runCli } from "./cli/run-cli.js";

/** npm starts a bin through a symbolic link in node_modules/.bin, so compare real paths. */
function isProcessEntry(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isProcessEntry()) {
  const argv = process.argv.slice(2);
  for (const flag of engineFlags(argv)) setFlagsFromString(flag);
  const io: CliIo = {
    cwd: process.cwd(),
    stdout: lineWriter(process.stdout),
    stderr: lineWriter(process.stderr),
  };
  process.exitCode = await runCli(argv, io);
}
