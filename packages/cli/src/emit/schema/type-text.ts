import { compareText } from "../../model/compare.js";

/** Helpers that combine TypeScript type texts: unions, intersections, arrays and literals. */

/**
 * Splits `text` at `separator` where it stands outside brackets, string literals and doc
 * comments (whose text may hold quotes, brackets or `|` from the document).
 */
function splitTopLevel(text: string, separator: "|" | "&"): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "/" && text[index + 1] === "*") {
      const end = text.indexOf("*/", index + 2);
      index = end === -1 ? text.length : end + 1;
    } else if (char === '"') {
      for (index++; index < text.length && text[index] !== '"'; index++) {
        if (text[index] === "\\") index++;
      }
    } else if (char === "(" || char === "[" || char === "{" || char === "<") depth++;
    else if (char === ")" || char === "]" || char === "}" || char === ">") depth--;
    else if (depth === 0 && char === separator) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

function isUnion(text: string): boolean {
  return splitTopLevel(text, "|").length > 1;
}

function isCompound(text: string): boolean {
  return isUnion(text) || splitTopLevel(text, "&").length > 1;
}

/** Branches flattened, de-duplicated and sorted, `null` last; `unknown` absorbs everything. */
export function unionOf(parts: readonly string[]): string {
  const branches = new Set<string>();
  for (const part of parts) {
    // Most parts (every enum literal) are one type with no `|` anywhere: the native scan spares
    // them the careful split, and the loop the array per part.
    if (part.includes("|")) for (const branch of splitTopLevel(part, "|")) branches.add(branch);
    else branches.add(part.trim());
  }
  if (branches.has("unknown")) return "unknown";
  if (branches.size > 1) branches.delete("never");
  const hasNull = branches.delete("null");
  // The default order of strings is code-unit order, as compareText, without a call per pair.
  const sorted = [...branches].sort();
  if (hasNull) sorted.push("null");
  return sorted.length === 0 ? "never" : sorted.join(" | ");
}

/** Parts de-duplicated; `unknown` adds nothing beside other parts. */
export function intersectionOf(parts: readonly string[]): string {
  const unique = new Set(parts);
  if (unique.size > 1) unique.delete("unknown");
  return [...unique].map((part) => (isUnion(part) ? `(${part})` : part)).join(" & ");
}

/** `T[]`, parenthesized when `T` is a union or intersection. */
export function arrayOf(item: string): string {
  return isCompound(item) ? `(${item})[]` : `${item}[]`;
}

/**
 * A literal type from a JSON value; `JSON.stringify` makes any string safe to print. Object keys
 * are sorted, so an enum of objects prints the same whatever the document's key order.
 */
export function literalType(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? "unknown";
}

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort(compareText)
      .map((key) => [key, record[key]]),
  );
}
