/** Everything the command line touches besides the file system; tests pass their own. */
export interface CliIo {
  /** Directory that relative `--input` and `--out` paths are resolved against. */
  cwd: string;
  /** Writes one line of normal output. */
  stdout(line: string): void;
  /** Writes one line of errors, warnings and debug output. */
  stderr(line: string): void;
  /** Ends a `--watch` run when aborted, besides Ctrl-C. */
  signal?: AbortSignal;
}

/** Exit status: 0 success, 1 generation failed, 2 usage error (nothing done). */
export type ExitCode = 0 | 1 | 2;
