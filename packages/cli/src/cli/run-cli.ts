import type { CliCommand } from "./command.js";
import { reportFailure } from "./failure.js";
import type { CliIo, ExitCode } from "./io.js";
import { parseArgv } from "./parse-argv.js";
import { USAGE } from "./usage.js";
import { readPackageVersion } from "./version.js";

/**
 * Runs `kit` with the arguments after the command name and resolves the exit code. Every effect
 * goes through `io` and the file system; it never exits the process and never rejects.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  let verbose = false;
  try {
    const command = parseArgv(argv);
    verbose = "verbose" in command && command.verbose;
    return await runCommand(command, io);
  } catch (error) {
    // The one place a failure becomes a line and an exit code: 2 for a `KitUsageError`.
    return reportFailure(error, io, verbose);
  }
}

async function runCommand(command: CliCommand, io: CliIo): Promise<ExitCode> {
  switch (command.command) {
    case "help":
      for (const line of USAGE.split("\n")) io.stdout(line);
      return 0;
    case "version":
      io.stdout(await readPackageVersion());
      return 0;
    // Each command loads its own modules: `kit mock` must not wait for the generator's.
    case "generate":
      return (await import("./generate-command.js")).runGenerate(command, io);
    case "init":
      return (await import("./init-command.js")).runInit(command, io);
    case "mock":
      return (await import("./mock-command.js")).runMock(command, io);
  }
}
