import { lineIndex } from "./line-index.js";

/**
 * Finds the line of a node in valid JSON text without keeping a parse tree. It walks the text
 * along the pointer and reads each object or array only as far as the wanted member, remembering
 * what it read, so each byte is scanned about once however many pointers are looked up, and hostile
 * nesting costs linear, not quadratic, time. Nothing is computed until the first call.
 * Returns the line of the deepest node on the path that exists (a member's key line, an array
 * item's first line). Of duplicate keys the first is found, though `JSON.parse` keeps the last.
 */
export function jsonLineFinder(text: string): (segments: readonly string[]) => number {
  // Minified JSON (GitHub's description) is one line: every node is on it, no walk needed.
  if (isOneLine(text)) return () => 1;
  const positionOf = lineIndex(text);
  const containers = new Map<number, ContainerScan>();

  return (segments) => {
    let member: Member = { nodeAt: skipSpace(text, 0), valueAt: skipSpace(text, 0) };
    for (const segment of segments) {
      const child = memberOf(member.valueAt, segment);
      if (!child) break;
      member = child;
    }
    return positionOf(member.nodeAt).line;
  };

  function memberOf(valueAt: number, segment: string): Member | undefined {
    const opening = text[valueAt];
    if (opening !== "{" && opening !== "[") return undefined;
    let scan = containers.get(valueAt);
    if (!scan) {
      scan = { openingAt: valueAt, members: new Map(), complete: false };
      containers.set(valueAt, scan);
    }
    return scan.members.get(segment) ?? readUntil(scan, segment);
  }

  function readUntil(scan: ContainerScan, segment: string): Member | undefined {
    while (!scan.complete) {
      // The last value read is skipped only now that a member behind it is wanted.
      let at = skipSpace(
        text,
        scan.lastValueAt === undefined ? scan.openingAt + 1 : skipValue(text, scan.lastValueAt),
      );
      if (text[at] === ",") at = skipSpace(text, at + 1);
      if (text[at] === "}" || text[at] === "]" || at >= text.length) {
        scan.complete = true;
        break;
      }
      let key = String(scan.members.size);
      let valueAt = at;
      if (text[scan.openingAt] === "{") {
        const keyEnd = skipString(text, at);
        key = JSON.parse(text.slice(at, keyEnd)) as string;
        valueAt = skipSpace(text, skipSpace(text, keyEnd) + 1);
      }
      const member = { nodeAt: at, valueAt };
      if (!scan.members.has(key)) scan.members.set(key, member);
      scan.lastValueAt = valueAt;
      if (key === segment) return member;
    }
    return undefined;
  }
}

interface ContainerScan {
  /** The offset of the `{` or `[`. */
  openingAt: number;
  /** Members read so far, by key or by array index. */
  members: Map<string, Member>;
  /** Where the value of the last member read starts. */
  lastValueAt?: number;
  /** Whether the closing bracket was reached. */
  complete: boolean;
}

interface Member {
  /** Where the member starts: its key, or the item itself in an array. */
  nodeAt: number;
  valueAt: number;
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

/** Regex search jumps over plain text much faster than a character loop. */
const BRACKET_OR_QUOTE = /["[\]{}]/g;

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
  for (;;) {
    BRACKET_OR_QUOTE.lastIndex = at;
    const found = BRACKET_OR_QUOTE.exec(text);
    if (!found) return text.length;
    at = found.index + 1;
    if (found[0] === '"') at = skipString(text, found.index);
    else if (found[0] === "{" || found[0] === "[") depth++;
    else if (--depth === 0) return at;
  }
}

/** No line break (what `lineIndex` counts: `\n`) before the trailing white space. */
function isOneLine(text: string): boolean {
  const newline = text.indexOf("\n");
  return newline === -1 || text.slice(newline).trim() === "";
}
