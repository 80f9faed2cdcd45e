import { readFile, stat } from "node:fs/promises";
import { extname } from "node:path";
import { KitGenerateError, KitUsageError, type SourceLocation } from "../errors.js";
import { parseJsonText } from "./json-text.js";
import { pointerSegments } from "./pointer.js";
import type { Locate } from "./refs.js";
import type { OpenAPIDocument } from "./types.js";
import { validateOpenAPIDocument } from "./validate.js";
import { parseYamlText } from "./yaml-text.js";

export interface LoadedDocument {
  document: OpenAPIDocument;
  /** The path the document was read from, as given; undefined for an object input. */
  file?: string;
  /** Where a pointer is: with file and line for text input, computed only when asked. */
  locate(pointer: string): SourceLocation;
}

const EXTENSIONS = new Set([".json", ".yaml", ".yml"]);

/** Reads the document file. The only part of the reader that touches the disk. */
export async function readOpenAPIDocument(path: string): Promise<{ file: string; text: string }> {
  const location = { file: path };
  const stats = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") {
      throw new KitUsageError("input file not found", location, { cause: error });
    }
    throw unreadable(location, error);
  });
  if (stats.isDirectory()) throw new KitGenerateError("is a directory, expected a file", location);
  if (!stats.isFile()) throw new KitGenerateError("is not a regular file", location);
  if (!EXTENSIONS.has(extname(path).toLowerCase())) {
    throw new KitGenerateError("expected a .json, .yaml or .yml file", location);
  }
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw unreadable(location, error);
  });
  return { file: path, text };
}

function unreadable(location: SourceLocation, error: NodeJS.ErrnoException): KitGenerateError {
  return new KitGenerateError(`cannot read the file (${error.code ?? error.message})`, location, {
    cause: error,
  });
}

/**
 * Parses and validates document text. JSON when `file` ends in `.json` or, without a known
 * extension, when the text starts with `{`; YAML otherwise.
 */
export function parseOpenAPIDocument(text: string, file?: string): LoadedDocument {
  // A byte order mark is not part of the JSON or YAML grammar.
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const parsed = isJson(source, file) ? parseJsonText(source, file) : parseYamlText(source, file);
  const locate: Locate = (pointer) => ({
    pointer,
    file,
    line: parsed.lineOf(pointerSegments(pointer)),
  });
  return {
    document: validateOpenAPIDocument(parsed.value, locate, parsed.isTree),
    file,
    locate,
  };
}

/** A path is read and parsed; an object is validated as it is, never modified. */
export async function loadOpenAPIDocument(input: string | object): Promise<LoadedDocument> {
  if (typeof input === "string") {
    const { file, text } = await readOpenAPIDocument(input);
    return parseOpenAPIDocument(text, file);
  }
  const locate: Locate = (pointer) => ({ pointer });
  return { document: validateOpenAPIDocument(input, locate, false), locate };
}

/** By the file's extension; without one (a URL such as /v3/api-docs), by the first character. */
function isJson(text: string, file: string | undefined): boolean {
  const extension = file === undefined ? "" : extname(file).toLowerCase();
  if (extension === ".json") return true;
  if (extension === ".yaml" || extension === ".yml") return false;
  return /^\s*\{/.test(text);
}
