// The fewest characters a `pattern` matches, read exactly for the simple shapes documents write
// (a row of characters, escapes and classes, each repeated by a quantifier); undefined otherwise.

/** One character: a literal, an escape (`\d`, `\.`) or a class (`[0-9a-f]`). */
const ATOM = String.raw`(?:\\[^ux0-9bBkpPc]|\[(?:\\.|[^\]\\])+\]|[^\\[\](){}|?*+^$])`;
const QUANTIFIER = String.raw`(?:\{(\d+)(?:,\d*)?\}|[?*+])?`;
const PIECE = new RegExp(`${ATOM}${QUANTIFIER}`, "y");

/**
 * The least length of a string the pattern matches, or undefined for a pattern of another shape
 * (groups, alternatives, back-references). `^` and `$` only anchor; the pattern is unanchored
 * otherwise, which does not change the least length a match needs.
 */
export function patternMinLength(pattern: string): number | undefined {
  const body = pattern.replace(/^\^/, "").replace(/(?<!\\)\$$/, "");
  PIECE.lastIndex = 0;
  let length = 0;
  while (PIECE.lastIndex < body.length) {
    const start = PIECE.lastIndex;
    const piece = PIECE.exec(body);
    if (piece === null || PIECE.lastIndex === start) return undefined;
    const text = piece[0];
    const last = text.at(-1);
    if (piece[1] !== undefined) length += Number(piece[1]);
    else if (last === "?" || last === "*") length += 0;
    else length += 1;
  }
  return length;
}
