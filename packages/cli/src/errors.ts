/** Where in the input a problem is: the JSON pointer, and for YAML input the file and line. */
export interface SourceLocation {
  pointer?: string;
  file?: string;
  line?: number;
}

/**
 * Document strings (keys, names, placeholders) may hold line breaks and terminal escapes; every
 * control character (and each bidirectional override, which reorders what a terminal shows) is
 * printed as `\uXXXX`, so a message stays one line and prints as written.
 */
export function singleLine(text: string): string {
  return text.replace(
    /\p{Cc}|[\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export function formatLocation(location: SourceLocation): string {
  const line = location.line === undefined ? "" : `${location.line}`;
  const place = location.file
    ? [location.file, line].filter(Boolean).join(":")
    : line && `line ${line}`;
  const pointer = location.pointer === undefined ? undefined : singleLine(location.pointer);
  if (pointer !== undefined && place) return `${pointer} (${place})`;
  return pointer ?? place;
}

/**
 * A failure the user can act on. Its message is one line that names the place.
 * `exitCode` 1 is a generation failure; a usage error is a `KitUsageError`.
 */
export class KitGenerateError extends Error {
  override readonly name: string = "KitGenerateError";
  readonly location: SourceLocation;
  readonly exitCode: 1 | 2 = 1;

  constructor(message: string, location: SourceLocation = {}, options: { cause?: unknown } = {}) {
    const where = formatLocation(location);
    super(singleLine(where ? `${where}: ${message}` : message), { cause: options.cause });
    this.location = location;
  }
}

/**
 * What the user asked for cannot run as given (a command line, a config file, an input that is
 * not there): nothing is done and the exit code is 2. Thrown where it is found and reported once,
 * at the CLI's edge (`cli/run-cli.ts`).
 */
export class KitUsageError extends KitGenerateError {
  override readonly name = "KitUsageError";
  override readonly exitCode = 2;
}

export function isKitGenerateError(value: unknown): value is KitGenerateError {
  return value instanceof KitGenerateError;
}
