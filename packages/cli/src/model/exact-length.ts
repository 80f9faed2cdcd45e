/**
 * A copy of `items` with no room to grow. An array built by `push`, `filter`, `flatMap` or a spread
 * literal keeps spare slots (a two-item `filter` result takes 190 bytes, its copy 70), and the plan
 * keeps its arrays until the files are printed: every byte it keeps is copied twice by the garbage
 * collector as the plan grows (docs/performance.md). Microsoft Graph's plan held 8 MB of spare slots.
 */
export function exactLength<T>(items: readonly T[]): T[] {
  return items.slice();
}
