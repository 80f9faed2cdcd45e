/** A URL input may be at most this large, downloaded and unpacked alike: 100 MB. */
export const DEFAULT_MAX_SIZE = 100 * 1024 * 1024;

const UNITS: Record<string, number> = { "": 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/**
 * A size as `--max-size` and `maxSize` take it: a whole number of bytes, or a number with `kb`,
 * `mb` or `gb` (1024-based, any case): `250000`, `512kb`, `1.5mb`. Undefined when it is none.
 */
export function parseSize(value: string | number): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?b)?\s*$/i.exec(String(value));
  if (match === null) return undefined;
  const bytes = Math.floor(Number(match[1]) * UNITS[(match[2] ?? "").toLowerCase()]!);
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** `100 MB`, `512 KB`, `1000 bytes`: the largest unit that divides the size. */
export function formatSize(bytes: number): string {
  for (const unit of ["GB", "MB", "KB"]) {
    const size = UNITS[unit.toLowerCase()]!;
    if (bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}
