import { lineIndex } from "./line-index.js";
import { isArrayIndex } from "./pointer.js";

/**
 * Finds the line of a node in valid JSON text without keeping a parse tree: it walks the text along
 * the pointer, skipping sibling values, and caches each object's member offsets it had to read.
 * Nothing is computed until the first call, so documents without warnings pay nothing.
 * Returns the line of the deepest node on the path that exists (a member's key line, an array item's
 * first line).
 */
export function jsonLineFinder(text: string): (segments: readonly string[]) => number {
  const positionOf = lineIndex(text);
  const membersByObject = new Map<number, Map<string, Member>>();

  return (segments) => {
    let valueAt = skipSpace(text, 0);
    let nodeAt = valueAt;
    for (const segment of segments) {
      const member =
        text[valueAt] === "{"
          ? objectMember(valueAt, segment)
          : text[valueAt] === "["
            ? arrayItem(text, valueAt, segment)
            : undefined;
      if (!member) break;
      nodeAt = member.nodeAt;
      valueAt = member.valueAt;
    }
    return positionOf(nodeAt).line;
  };

  function objectMember(objectAt: number, key: string): Member | undefined {
    let members = membersByObject.get(objectAt);
    if (!members) {
      members = readMembers(text, objectAt);
      membersByObject.set(objectAt, members);
    }
    return members.get(key);
  }
}

interface Member {
  /** Where the member starts: its key, or the item itself in an array. */
  nodeAt: number;
  valueAt: number;
}

function readMembers(text: string, objectAt: number): Map<string, Member> {
  // Later duplicates win, as with JSON.parse.
  const members = new Map<string, Member>();
  let at = skipSpace(text, objectAt + 1);
  while (text[at] === '"') {
    const keyEnd = skipString(text, at);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    const valueAt = skipSpace(text, skipSpace(text, keyEnd) + 1);
    members.set(key, { nodeAt: at, valueAt });
    at = skipSpace(text, skipValue(text, valueAt));
    if (text[at] === ",") at = skipSpace(text, at + 1);
  }
  return members;
}

function arrayItem(text: string, arrayAt: number, segment: string): Member | undefined {
  if (!isArrayIndex(segment)) return undefined;
  let remaining = Number(segment);
  let at = skipSpace(text, arrayAt + 1);
  while (text[at] !== "]" && at < text.length) {
    if (remaining === 0) return { nodeAt: at, valueAt: at };
    remaining--;
    at = skipSpace(text, skipValue(text, at));
    if (text[at] === ",") at = skipSpace(text, at + 1);
  }
  return undefined;
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  return at;
}

function skipString(text: string, quoteAt: number): number {
  let at = quoteAt + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return text.length;
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** The offset just after the value starting at `from`; the text is known to be valid JSON. */
function skipValue(text: string, from: number): number {
  const first = text[from];
  if (first === '"') return skipString(text, from);
  if (first !== "{" && first !== "[") {
    let at = from;
    while (at < text.length && !",}] \t\n\r".includes(text[at]!)) at++;
    return at;
  }
  let depth = 0;
  let at = from;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '"') {
      at = skipString(text, at);
      continue;
    }
    if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return at + 1;
    }
    at++;
  }
  return at;
}
