/**
 * Characters a reader of a generated file cannot see, or that change how the text around them
 * shows: C0 and C1 controls but tab and line feed (one NUL makes git treat the file as binary),
 * DEL, the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, as in
 * "Trojan Source"), the line and paragraph separators U+2028 and U+2029, the byte order mark, and
 * lone surrogates (not UTF-8 at all).
 */
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
  /[\0-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text with every hidden character written as its `\uXXXX` escape. Generated code holds such
 * characters only inside string literals, template literals and comments (names are sanitized):
 * in the literals the escape means the same character, in a comment it shows what was there.
 */
export function escapeHidden(text: string): string {
  HIDDEN.lastIndex = 0;
  if (!HIDDEN.test(text)) return text;
  return text.replace(
    HIDDEN,
    (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}
