/**
 * Line layout for the printers: a line longer than `MAX_WIDTH` is broken the way Prettier breaks
 * it, at its brackets, one item per line with a trailing comma, the outer brackets first. A line
 * that fits is left exactly as it was (but for a list with an item that spans lines, which
 * Prettier always breaks), so wrapping changes only long lines.
 */

export const MAX_WIDTH = 100;

/**
 * A piece of a line: plain text (which may span lines, a printed type), a bracket group, or an
 * expression the printers wrote (a decorator), read into groups only when its line is too long.
 */
export type Part = string | Group | Expression;

export interface Expression {
  readonly expression: string;
}

/** `(a, b)`, `[a, b]`, `{ a, b }`: its items, each a run of parts, written flat or one per line. */
export interface Group {
  readonly open: "(" | "[" | "{";
  readonly items: readonly (readonly Part[])[];
  /** `{ a }` rather than `{a}` when written flat. */
  readonly padded: boolean;
}

const CLOSE = { "(": ")", "[": "]", "{": "}" } as const;

/** The characters `parseExpression` looks at; runs of others are copied whole. */
const SPECIAL = new Set(['"', "(", "[", "{", ")", "]", "}", ","]);

export function group(open: Group["open"], items: readonly (readonly Part[])[]): Group {
  return { open, items, padded: open === "{" };
}

/**
 * The lines of `parts` after `prefix` (the line's start, indentation included) and before
 * `suffix` (what ends the last line). `parts` that span lines were printed for the indentation of
 * `prefix`; where a group breaks, its items move two spaces in, their lines with them.
 */
export function layout(parts: readonly Part[], prefix = "", suffix = ""): string[] {
  return layoutRun(parts, indentOf(prefix), prefix, suffix, 0);
}

/** `import { A, B } from "x";`, or one name per line when that is too long. */
export function importLines(
  keyword: string,
  names: readonly string[],
  specifier: string,
): string[] {
  return layout(
    [
      group(
        "{",
        names.map((name) => [name]),
      ),
    ],
    `${keyword} `,
    ` from ${specifier};`,
  );
}

/**
 * Reads a decorator or other expression the printers wrote (`@Query({ keys: ["a", "b"] })`) into
 * parts: brackets become groups, strings stay whole. Only the printers' own syntax is read: JSON
 * strings, names, numbers, `:` and `,`.
 */
export function parseExpression(text: string): Part[] {
  const stack: { open: Group["open"] | undefined; items: Part[][]; start: number }[] = [
    { open: undefined, items: [[]], start: 0 },
  ];
  const append = (part: Part) => {
    const items = stack.at(-1)!.items;
    const item = items.at(-1)!;
    if (typeof part === "string" && typeof item.at(-1) === "string") {
      item[item.length - 1] = `${item.at(-1)}${part}`;
    } else item.push(part);
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') {
      const end = stringEnd(text, index);
      append(text.slice(index, end + 1));
      index = end;
    } else if (char === "(" || char === "[" || char === "{") {
      stack.push({ open: char, items: [[]], start: index });
    } else if ((char === ")" || char === "]" || char === "}") && stack.length > 1) {
      const done = stack.pop()!;
      const items = done.items.map(trimItem).filter((item) => item.length > 0);
      append({ open: done.open!, items, padded: text[done.start + 1] === " " });
    } else if (char === "," && stack.length > 1) {
      stack.at(-1)!.items.push([]);
    } else {
      let end = index + 1;
      while (end < text.length && !SPECIAL.has(text[end]!)) end++;
      append(text.slice(index, end));
      index = end - 1;
    }
  }
  return stack[0]!.items[0]!;
}

function layoutRun(
  parts: readonly Part[],
  indent: string,
  prefix: string,
  suffix: string,
  shift: number,
): string[] {
  // Text alone has nowhere to break; most lines fit, and are measured before they are built.
  const text = parts.every((part) => typeof part === "string");
  if (text || (fitsFlat(parts, prefix, suffix, shift) && !lastGroupSpansLines(parts))) {
    return `${prefix}${flatText(parts, shift)}${suffix}`.split("\n");
  }
  const groups = parts.some(isExpression) ? parts.flatMap(expand) : parts;
  let last = groups.length - 1;
  while (last >= 0 && !isGroup(groups[last]!)) last--;
  if (last === -1) return `${prefix}${flatText(parts, shift)}${suffix}`.split("\n");
  if (groups !== parts) return layoutRun(groups, indent, prefix, suffix, shift);
  const before = `${prefix}${flatText(parts.slice(0, last), shift)}`;
  const after = `${flatText(parts.slice(last + 1), shift)}${suffix}`;
  return breakGroup(parts[last] as Group, indent, before, after, shift);
}

/**
 * The group one item per line. A call whose last argument is an object or array keeps that
 * argument's brackets on its own lines (`@Query({` … `})`), as Prettier hugs it.
 */
function breakGroup(
  { open, items }: Group,
  indent: string,
  before: string,
  after: string,
  shift: number,
): string[] {
  const close = CLOSE[open];
  if (items.length === 0) return `${before}${open}${close}${after}`.split("\n");
  const hugged = items.at(-1)!;
  if (open === "(" && hugged.length === 1 && isGroup(hugged[0]!)) {
    const head = items.slice(0, -1).map((item) => `${flatText(item, shift)}, `);
    const inner = hugged[0];
    if (inner.open !== "(" && inner.items.length > 0) {
      return breakGroup(inner, indent, `${before}(${head.join("")}`, `)${after}`, shift);
    }
  }
  const inner = `${indent}  `;
  const lines = [`${before}${open}`];
  for (const item of items) {
    const only = item.length === 1 ? item[0] : undefined;
    // One line of text (a parameter): nothing to measure, move or break.
    if (typeof only === "string" && !only.includes("\n")) lines.push(`${inner}${only},`);
    else for (const line of layoutRun(item, inner, inner, ",", shift + 2)) lines.push(line);
  }
  lines.push(`${indent}${close}${after}`);
  return lines;
}

/**
 * A group of several items one of which spans lines (a parameter typed with an inline object):
 * Prettier breaks such a group whatever its width, so each item starts its own line.
 */
function spansLines(group: Group): boolean {
  return group.items.length > 1 && group.items.some((item) => item.some(hasLineBreak));
}

function hasLineBreak(part: Part): boolean {
  if (typeof part === "string") return part.includes("\n");
  return isGroup(part) && part.items.some((item) => item.some(hasLineBreak));
}

/**
 * Whether the flat text of `parts` between `prefix` and `suffix` fits: both lines the layout
 * decides, the first and the last, within the width. Measured without building the text: most
 * lines fit, and a long signature is long from its first line on.
 */
function fitsFlat(parts: readonly Part[], prefix: string, suffix: string, shift: number): boolean {
  const width = { first: true, line: 0 };
  return (
    advance(width, prefix, 0) &&
    advanceParts(width, parts, shift) &&
    advance(width, suffix, 0) &&
    width.line <= MAX_WIDTH
  );
}

interface Width {
  /** Still on the first line. */
  first: boolean;
  /** The length of the line so far. */
  line: number;
}

/** Moves `width` past `parts` written flat; false once the first line is too long. */
function advanceParts(width: Width, parts: readonly Part[], shift: number): boolean {
  for (const part of parts) {
    if (typeof part === "string") {
      if (!advance(width, part, shift)) return false;
    } else if (isExpression(part)) {
      if (!advance(width, part.expression, 0)) return false;
    } else {
      const pad =
        part.padded && !(part.items.length === 1 && part.items[0]!.every(isEmpty)) ? 1 : 0;
      width.line += 1 + pad;
      for (const [index, item] of part.items.entries()) {
        if (index > 0) width.line += 2;
        if (!advanceParts(width, item, shift)) return false;
      }
      width.line += 1 + pad;
      if (width.first && width.line > MAX_WIDTH) return false;
    }
  }
  return true;
}

/**
 * Moves `width` past `text`, whose lines after the first move `shift` spaces in (if not empty). On
 * the first line only the room left is searched for a line break: a long type has none.
 */
function advance(width: Width, text: string, shift: number): boolean {
  if (width.first) {
    const room = MAX_WIDTH - width.line;
    if (room < 0) return false;
    if (text.lastIndexOf("\n", room) === -1) {
      width.line += text.length;
      return text.length <= room;
    }
    width.first = false;
  }
  const last = text.lastIndexOf("\n");
  if (last === -1) width.line += text.length;
  else width.line = last === text.length - 1 ? 0 : text.length - last - 1 + shift;
  return true;
}

/**
 * Whether the last group of `parts` spans lines, as `layoutRun` sees it after reading its
 * expressions: an expression the printers wrote is one line, so its groups never do.
 */
function lastGroupSpansLines(parts: readonly Part[]): boolean {
  for (let index = parts.length - 1; index >= 0; index--) {
    const part = parts[index]!;
    if (typeof part === "string") continue;
    if (isGroup(part)) return spansLines(part);
    if (part.expression.includes("\n")) return true;
    if (/[([{]/.test(part.expression)) return false;
  }
  return false;
}

/** The start of each line after the first that is not empty. */
const LINE_STARTS = /\n(?=[^\n])/g;

function flatText(parts: readonly Part[], shift: number): string {
  let text = "";
  for (const part of parts) {
    if (typeof part === "string") {
      text += shift === 0 ? part : part.replace(LINE_STARTS, `\n${" ".repeat(shift)}`);
    } else if (isExpression(part)) {
      text += part.expression;
    } else {
      const items = part.items.map((item) => flatText(item, shift)).join(", ");
      const pad = part.padded && items !== "" ? " " : "";
      text += `${part.open}${pad}${items}${pad}${CLOSE[part.open]}`;
    }
  }
  return text;
}

/** A part whose flat text is "". */
function isEmpty(part: Part): boolean {
  return typeof part === "string" ? part === "" : isExpression(part) && part.expression === "";
}

function isGroup(part: Part): part is Group {
  return typeof part !== "string" && "open" in part;
}

function isExpression(part: Part): part is Expression {
  return typeof part !== "string" && "expression" in part;
}

function expand(part: Part): Part[] {
  return isExpression(part) ? parseExpression(part.expression) : [part];
}

function indentOf(line: string): string {
  const start = line.lastIndexOf("\n") + 1;
  let end = start;
  while (line[end] === " ") end++;
  return line.slice(start, end);
}

/** An item without the white space around its commas. */
function trimItem(item: Part[]): Part[] {
  const trimmed = [...item];
  if (typeof trimmed[0] === "string") trimmed[0] = trimmed[0].trimStart();
  const last = trimmed.length - 1;
  if (typeof trimmed[last] === "string") trimmed[last] = trimmed[last].trimEnd();
  return trimmed.filter((part) => part !== "");
}

/** The index of the quote ending the JSON string that starts at `start`. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === '"') return index;
  }
  return text.length - 1;
}
