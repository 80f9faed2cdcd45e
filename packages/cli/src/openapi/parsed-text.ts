/** Document text turned into a value, with a way back from a place in the value to its line. */
export interface ParsedText {
  value: unknown;
  /** Whether every object appears once in `value` (JSON has no aliases), so walks need no visited set. */
  isTree: boolean;
  /** The line of the deepest node on the path that exists (a member's key line, an item's first line). */
  lineOf(segments: readonly string[]): number;
}
