import type { GenerateOptions } from "../options.js";

/** What `kit generate` does with the files it renders. */
export type GenerateMode = "write" | "dry-run" | "check";

export interface GenerateCommand {
  command: "generate";
  input: string;
  out: string;
  mode: GenerateMode;
  clean: boolean;
  force: boolean;
  verbose: boolean;
  options: GenerateOptions;
}

export interface InitCommand {
  command: "init";
  out: string;
  baseUrl: string;
  name?: string;
  force: boolean;
  verbose: boolean;
}

export interface HelpCommand {
  command: "help";
}

export interface VersionCommand {
  command: "version";
}

/** A command line that cannot run; nothing is done and the exit code is 2. */
export interface UsageError {
  command: "usage-error";
  message: string;
}

export type CliCommand = GenerateCommand | InitCommand | HelpCommand | VersionCommand;
