import { fullRoute } from "../model/tag-group.js";
import type { GeneratedFile } from "../options.js";
import type {
  ClientMethod,
  ClientParameter,
  ClientShape,
  ClientSignature,
  PrintedClient,
} from "./client-shape.js";

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
// `@Api("/pets")` before 0.1's explicit names, `@Api("/pets", { name: "PetsApi" })` since, and
// `@Api("/pets", { name: "PetsApi", envelope: false })` since classes declare their envelope mode.
const CLASS = new RegExp(
  String.raw`^@Api\((${STRING})(?:, \{ name: ${STRING}(?:, envelope: [^ ]+)? \})?\)\nexport class ([A-Za-z_$][\w$]*) \{$`,
  "gm",
);
// `@Get("/pets")`, or `@Method("QUERY", "/pets")` for a method without a decorator of its own.
const METHOD = new RegExp(
  String.raw`^  @(?:(?<verb>Get|Put|Post|Delete|Options|Head|Patch)\((?<path>${STRING})\)|Method\((?<token>${STRING}), (?<tokenPath>${STRING})\))\n(?:  @.*\n)*  (?<signature>[\s\S]*?) \{\n    return null!;\n  \}$`,
  "gm",
);
const DECLARATION = /^export (?:interface|type) ([A-Za-z_$][\w$]*)/;

/**
 * Reads the shape of a client from its generated files: the methods of `apis/*.api.ts` and the
 * declarations of `types/*.ts`. Pure; the files are the generator's own output, so their layout
 * is known, and old and new clients go through the same reader. An API file identical to one of
 * `printed` has that file's printed methods, which are what reading it gives, without reading
 * its signatures again (a regeneration that changes nothing reads no signature).
 */
export function readClient(files: readonly GeneratedFile[], printed?: PrintedClient): ClientShape {
  const printedContents = new Map(printed?.files.map((file) => [file.path, file.contents]));
  const methods: ClientMethod[] = [];
  for (const file of files) {
    if (!/^apis\/[^/]+\.api\.ts$/.test(file.path)) continue;
    const same = printedContents.get(file.path) === file.contents;
    const read = same ? printedMethods(printed!, file.path) : readApiFile(file.contents);
    for (const method of read) methods.push(method);
  }
  return { methods, types: readTypes(files) };
}

/**
 * The client just printed: its methods as the printer made them (what `readClient` reads back
 * from the same files, without reading 11,000 signatures), its types read from its files.
 */
export function printedClient(printed: PrintedClient): ClientShape {
  const methods = printed.files.flatMap((file) => printedMethods(printed, file.path));
  return { methods, types: readTypes(printed.files) };
}

/** The printed methods of one API file as reading them gives them: white space collapsed. */
function printedMethods(printed: PrintedClient, path: string): ClientMethod[] {
  return (printed.methods.get(path) ?? []).map((method) => ({
    ...method,
    parameters: method.parameters.map((parameter) => ({
      ...parameter,
      type: collapseWhiteSpace(parameter.type),
      decorator: collapseWhiteSpace(parameter.decorator),
    })),
    returns: collapseWhiteSpace(method.returns),
  }));
}

function readTypes(files: readonly GeneratedFile[]): Map<string, string> {
  const types = new Map<string, string>();
  for (const file of files) {
    if (/^types\/.+\.ts$/.test(file.path)) readTypeFile(file.contents, types);
  }
  return types;
}

function readApiFile(text: string): ClientMethod[] {
  const classes = [...text.matchAll(CLASS)].map((match) => ({
    at: match.index,
    prefix: JSON.parse(match[1]!) as string,
    className: match[2]!,
  }));
  const methods: ClientMethod[] = [];
  for (const match of text.matchAll(METHOD)) {
    const owner = classes.filter((candidate) => candidate.at < match.index).at(-1);
    const groups = match.groups!;
    const signature = readMethod(text, match.index, collapseWhiteSpace(groups.signature!));
    if (owner === undefined || signature === undefined) continue;
    const route = fullRoute(owner.prefix, JSON.parse(groups.path ?? groups.tokenPath!) as string);
    const verb = groups.verb ?? (JSON.parse(groups.token!) as string);
    methods.push({
      operation: `${verb.toUpperCase()} ${route}`,
      className: owner.className,
      ...signature,
    });
  }
  return methods;
}

/**
 * A method with parameters is written as a named overload followed by the decorated
 * implementation (`get(id: number): Promise<Pet>;` then `get(@Params("id") _id: unknown):
 * Promise<unknown>`): names and types come from the overload, decorators from the implementation.
 * Clients written before that have only the decorated method, which carries all of it. A method
 * with typed errors declares them as a `this` parameter, which no call passes: it is left out, as
 * it is of the implementation's parameters.
 */
function readMethod(text: string, at: number, implementation: string): ClientSignature | undefined {
  const decorated = readSignature(implementation);
  if (decorated === undefined || at < 2 || !text.startsWith(";\n", at - 2)) return decorated;
  const start = text.lastIndexOf(`\n  ${decorated.method}(`, at);
  const overload =
    start === -1 ? undefined : readSignature(collapseWhiteSpace(text.slice(start, at - 2)));
  if (overload === undefined || overload.parameters.length !== decorated.parameters.length) {
    return undefined;
  }
  const parameters = overload.parameters.map((parameter, index) => ({
    ...parameter,
    decorator: decorated.parameters[index]!.decorator,
  }));
  return { ...overload, parameters };
}

/** `name(a: A, @Query("b") b?: B): Promise<R>` → its parts. */
function readSignature(text: string): ClientSignature | undefined {
  const open = text.indexOf("(");
  const close = matchingClose(text, open);
  if (open <= 0 || close === -1) return undefined;
  const rest = text.slice(close + 1);
  const returns = /^: Promise<([\s\S]*)>$/.exec(rest)?.[1];
  if (returns === undefined) return undefined;
  const parameters: ClientParameter[] = [];
  for (const part of splitTopLevel(text.slice(open + 1, close))) {
    const parameter = readParameter(part);
    if (parameter === undefined) return undefined;
    if (parameter.name !== "this") parameters.push(parameter);
  }
  return { method: text.slice(0, open), parameters, returns };
}

function readParameter(text: string): ClientParameter | undefined {
  let decorator = "";
  let rest = text;
  if (text.startsWith("@")) {
    const close = matchingClose(text, text.indexOf("("));
    if (close === -1) return undefined;
    decorator = text.slice(0, close + 1);
    rest = text.slice(close + 1).trimStart();
  }
  const match = /^([A-Za-z_$][\w$]*)(\?)?: ([\s\S]+)$/.exec(rest);
  if (match === null) return undefined;
  return { name: match[1]!, optional: match[2] === "?", type: match[3]!, decorator };
}

function readTypeFile(text: string, types: Map<string, string>): void {
  let current: { name: string; lines: string[] } | undefined;
  const finish = () => {
    if (current) types.set(current.name, collapseWhiteSpace(current.lines.join("\n")));
  };
  for (const line of text.split("\n")) {
    const declared = DECLARATION.exec(line);
    if (declared) {
      finish();
      current = { name: declared[1]!, lines: [] };
    } else if (line.startsWith("/**") || line.startsWith("import ")) {
      finish();
      current = undefined;
    }
    if (current && !isCommentLine(line)) current.lines.push(line);
  }
  finish();
}

function isCommentLine(line: string): boolean {
  const trimmed = line.trimStart();
  return trimmed.startsWith("/**") || trimmed.startsWith("*") || trimmed.startsWith("//");
}

/** The index of the bracket closing the one at `open`, skipping strings; -1 when there is none. */
function matchingClose(text: string, open: number): number {
  if (open < 0) return -1;
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) index = stringEnd(text, index);
    else if (isCommentStart(text, index, code)) index = commentEnd(text, index);
    else if (isOpening(code)) depth++;
    else if (isClosing(text, index, code) && --depth === 0) return index;
  }
  return -1;
}

/** Splits at the commas (or `separator`) outside brackets and strings. */
export function splitTopLevel(text: string, separator = COMMA): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) index = stringEnd(text, index);
    else if (isCommentStart(text, index, code)) index = commentEnd(text, index);
    else if (isOpening(code)) depth++;
    else if (isClosing(text, index, code)) depth--;
    else if (code === separator && depth === 0) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== "") parts.push(last);
  return parts;
}

// Character codes: the scanners run over every character of every generated method.
const QUOTE = 0x22;
const COMMA = 0x2c;
const EQUALS = 0x3d;
const GREATER = 0x3e;
const SLASH = 0x2f;
const STAR = 0x2a;

function isOpening(code: number): boolean {
  // ( [ { <
  return code === 0x28 || code === 0x5b || code === 0x7b || code === 0x3c;
}

/** `>` of an arrow `=>` closes nothing. */
function isClosing(text: string, index: number, code: number): boolean {
  if (code === GREATER) return text.charCodeAt(index - 1) !== EQUALS;
  // ) ] }
  return code === 0x29 || code === 0x5d || code === 0x7d;
}

/**
 * A doc comment on a member of an inline object type: its text is prose, whose brackets (`-->`)
 * and quotes are not code.
 */
function isCommentStart(text: string, index: number, code: number): boolean {
  return code === SLASH && text.charCodeAt(index + 1) === STAR;
}

/** The index of the `/` ending the comment that starts at `start`. */
function commentEnd(text: string, start: number): number {
  const end = text.indexOf("*/", start + 2);
  return end === -1 ? text.length : end + 1;
}

/** The index of the quote ending the JSON string that starts at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1;
  for (;;) {
    const quote = text.indexOf('"', index);
    if (quote === -1) return text.length;
    const backslash = text.indexOf("\\", index);
    if (backslash === -1 || backslash > quote) return quote;
    index = backslash + 2;
  }
}

/**
 * Runs of white space that are not already one plain space: printed code is mostly single spaces,
 * and replacing each of those with itself made a new string piece per space.
 */
const NOT_ONE_SPACE = /\s{2,}|[^\S ]/g;

/** White space runs as one space, trimmed. */
function collapseWhiteSpace(text: string): string {
  return text.replace(NOT_ONE_SPACE, " ").trim();
}
