/**
 * A copy of `items` with no room to grow. An array built by `push`, `filter`, `flatMap` or a spread
 * literal keeps spare slots, and the plan keeps its arrays until the files are printed: every byte
 * it keeps is copied twice by the garbage collector as the plan grows (docs/performance.md).
 */
export function exactLength<T>(items: readonly T[]): T[] {
  return items.slice();
}
