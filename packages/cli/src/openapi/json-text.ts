import { KitGenerateError } from "../errors.js";
import { jsonLineFinder } from "./json-lines.js";
import { findJsonSyntaxError } from "./json-syntax-error.js";
import { lineIndex } from "./line-index.js";
import type { ParsedText } from "./parsed-text.js";

export function parseJsonText(text: string, file: string | undefined): ParsedText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const syntaxError = findJsonSyntaxError(text);
    if (!syntaxError) {
      const reason = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
      throw new KitGenerateError(`invalid JSON: ${reason}`, { file }, { cause: error });
    }
    const { line, column } = lineIndex(text)(syntaxError.offset);
    throw new KitGenerateError(
      `invalid JSON at column ${column}: ${syntaxError.reason}`,
      { file, line },
      { cause: error },
    );
  }
  return { value, isTree: true, lineOf: jsonLineFinder(text) };
}
