/** `1 operation`, `3 operations`: a count and its noun, for report lines. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
