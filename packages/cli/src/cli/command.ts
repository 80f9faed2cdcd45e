import type { EnvelopeKeys, GenerateOptions } from "../options.js";

/** What `kit generate` does with the files it renders. */
export type GenerateMode = "write" | "dry-run" | "check";

/** How the change report is printed: text lines, or one JSON document on stdout for CI. */
export type ReportFormat = "text" | "json";

/** What the command line says about a service; each given flag overrides the config file. */
export interface GenerateFlags {
  input?: string;
  out?: string;
  /** `--clean` and `--force` can only turn an option on. */
  clean: boolean;
  force: boolean;
  headers: Record<string, string>;
  timeout?: number;
  /** `--max-size` in bytes. */
  maxSize?: number;
  options: GenerateOptions;
}

export interface GenerateCommand {
  command: "generate";
  /** Services of the config file to generate; empty: all of them. */
  services: string[];
  /** `--config`: the config file to use instead of looking for `kit.config.*`. */
  config?: string;
  flags: GenerateFlags;
  mode: GenerateMode;
  watch: boolean;
  report: ReportFormat;
  verbose: boolean;
}

export interface InitCommand {
  command: "init";
  out: string;
  baseUrl: string;
  name?: string;
  force: boolean;
  verbose: boolean;
}

/** `kit mock`: serve a document; each given flag overrides the config file's `mock` settings. */
export interface MockCommand {
  command: "mock";
  /** The service of the config file to serve; empty: its only one. */
  services: string[];
  config?: string;
  input?: string;
  port?: number;
  host?: string;
  seed?: number;
  delay?: number;
  envelope?: EnvelopeKeys | "none";
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

export type CliCommand = GenerateCommand | InitCommand | MockCommand | HelpCommand | VersionCommand;
