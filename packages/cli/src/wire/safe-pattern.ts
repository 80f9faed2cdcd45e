/**
 * How a document's `pattern` is checked without letting one value freeze the process. JavaScript's
 * regular expressions backtrack, and no dependency without native code gives a linear engine, so:
 *
 * - a pattern with a quantified group that itself repeats or alternates (`(a+)+`, `(a|ab)*`,
 *   the shapes of exponential backtracking) or with a back-reference checks values of up to
 *   12 characters (a few hundred thousand steps at worst), longer ones are not checked;
 * - a pattern with `k` ≥ 2 unbounded repetitions can take about n^k steps on a value of n
 *   characters, so it checks values up to the length where n^k stays near 10^7 (3,162
 *   characters for k = 2, 215 for 3, 56 for 4); a longer value is not checked.
 *
 * A value that is not checked counts as matching: the check is never stricter than the
 * document. `notice` hears once per pattern what was not checked.
 */
export function safePattern(
  pattern: string,
  flags: string,
  notice: (line: string) => void,
): PatternTester {
  let expression: RegExp;
  try {
    expression = new RegExp(pattern, flags);
  } catch {
    // Another dialect (`\A…\z`, `\p{Alnum}` in AWS documents): JavaScript cannot read it.
    notice(
      `pattern ${JSON.stringify(shortened(pattern))} is not JavaScript; values are not checked against it`,
    );
    return { test: () => true, toString: () => `/${pattern}/${flags}` };
  }
  const shape = patternShape(pattern);
  const longest = shape.nested
    ? NESTED_LONGEST
    : shape.unbounded < 2
      ? Number.POSITIVE_INFINITY
      : Math.floor(10 ** (7 / shape.unbounded));
  let told = false;
  return {
    toString: () => expression.toString(),
    test(text: string): boolean {
      if (text.length <= longest) return expression.test(text);
      if (!told) {
        told = true;
        notice(
          `pattern ${JSON.stringify(shortened(pattern))}: values longer than ${longest} characters are not checked against it`,
        );
      }
      return true;
    },
  };
}

/** A pattern's check; `toString` is its source, which Ajv keys its compiled patterns by. */
export interface PatternTester {
  test(text: string): boolean;
  toString(): string;
}

/** The longest value a pattern that may backtrack exponentially is run on. */
export const NESTED_LONGEST = 12;

export interface PatternShape {
  /** A repeated group that repeats or alternates inside, or a back-reference. */
  nested: boolean;
  /** Repetitions without an upper bound (`*`, `+`, `{n,}`) outside character classes. */
  unbounded: number;
}

/** Reads the pattern's structure in one pass: groups, classes, escapes and quantifiers. */
export function patternShape(pattern: string): PatternShape {
  // Per open group: whether something inside repeats or alternates.
  const groups: boolean[] = [];
  let nested = false;
  let unbounded = 0;
  let inClass = false;
  // Whether the atom just read was a group whose inside repeats or alternates.
  let lastGroupRisky = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === "\\") {
      const next = pattern[index + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || next === "k")) nested = true;
      index++;
      lastGroupRisky = false;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      continue;
    }
    if (char === "[") {
      inClass = true;
      lastGroupRisky = false;
      continue;
    }
    if (char === "(") {
      groups.push(false);
      lastGroupRisky = false;
      continue;
    }
    if (char === ")") {
      lastGroupRisky = groups.pop() ?? false;
      continue;
    }
    if (char === "|") {
      if (groups.length > 0) groups[groups.length - 1] = true;
      lastGroupRisky = false;
      continue;
    }
    const quantifier = quantifierAt(pattern, index);
    if (quantifier !== undefined) {
      if (quantifier.repeats) {
        // `(x{4}-?){3}` repeats a few times only: polynomial at worst, as the unbounded count says.
        if (lastGroupRisky && quantifier.many) nested = true;
        if (groups.length > 0) groups[groups.length - 1] = true;
      }
      if (quantifier.unbounded) unbounded++;
      index = quantifier.end;
      // A lazy or possessive mark after the quantifier.
      if (pattern[index + 1] === "?") index++;
      lastGroupRisky = false;
      continue;
    }
    lastGroupRisky = false;
  }
  return { nested, unbounded };
}

/** `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}` at `index`: where it ends, and what it allows. */
function quantifierAt(
  pattern: string,
  index: number,
): { end: number; repeats: boolean; many: boolean; unbounded: boolean } | undefined {
  const char = pattern[index];
  if (char === "*" || char === "+")
    return { end: index, repeats: true, many: true, unbounded: true };
  if (char === "?") return { end: index, repeats: false, many: false, unbounded: false };
  if (char !== "{") return undefined;
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index, index + 24));
  if (match === null) return undefined;
  const low = Number(match[1]);
  const high =
    match[2] === undefined ? low : match[3] === "" ? Number.POSITIVE_INFINITY : Number(match[3]);
  return {
    end: index + match[0].length - 1,
    repeats: high > 1,
    many: high > 10,
    unbounded: high === Number.POSITIVE_INFINITY,
  };
}

function shortened(pattern: string): string {
  return pattern.length > 80 ? `${pattern.slice(0, 77)}...` : pattern;
}
