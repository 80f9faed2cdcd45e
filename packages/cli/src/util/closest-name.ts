/**
 * The candidate a mistyped name most likely meant: one equal but for case, else the one fewest
 * edits away, if that is at most a third of the name (at least 2). Undefined when none is close.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const folded = name.toLowerCase();
  const sameButCase = candidates.find((candidate) => candidate.toLowerCase() === folded);
  if (sameButCase !== undefined) return sameButCase;
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = editDistance(folded, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance: insertions, deletions and substitutions, one row at a time. */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const substitution = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}
