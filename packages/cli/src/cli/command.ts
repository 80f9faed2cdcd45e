import type { EnvelopeKeys, GenerateOptions } from "../options.js";

/** What `kit generate` does with the files it renders. */
export type GenerateMode = "write" | "dry-run" | "check";

/**
 * What makes `--check` fail: any file that is not up to date (`changes`), or only a change the
 * report marks breaking (`breaking`), so CI stops a client whose existing calls would break.
 */
export type FailOn = "changes" | "breaking";

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
  /** `--fail-on`, given only with `--check`. */
  failOn?: FailOn;
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
  /** `--allowed-host`: `Host` names accepted besides this machine's; `true` for `*`. */
  allowedHosts?: string[] | true;
  /** `--cors-origin`: origins given CORS besides localhost ones; `true` for `*`. */
  corsOrigins?: string[] | true;
  /** `--max-body`: largest request body in bytes. */
  maxBody?: number;
  /** `--watch`: serve the document again when it or the config file changes. */
  watch?: boolean;
  verbose: boolean;
}

export interface HelpCommand {
  command: "help";
}

export interface VersionCommand {
  command: "version";
}

export type CliCommand = GenerateCommand | InitCommand | MockCommand | HelpCommand | VersionCommand;
