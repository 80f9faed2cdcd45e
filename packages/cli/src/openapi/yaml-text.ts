import { createRequire } from "node:module";
import type { Composer, Document, Node, Pair, YAMLMap } from "yaml";
import { KitGenerateError, type SourceLocation } from "../errors.js";
import type { ParsedText } from "./parsed-text.js";
import { isArrayIndex } from "./pointer.js";

/**
 * Aliases may point at structures that themselves contain aliases; past this expansion factor the
 * document is treated as an alias bomb (the `yaml` package's own measure).
 */
const MAX_ALIAS_EXPANSION = 100;

/** The message for nesting past `MAX_NESTING`, or past what the call stack holds. */
const NESTS_TOO_DEEPLY = "the document nests too deeply";

/**
 * The most collections (mappings, sequences) nested in one another that the text may hold. The
 * `yaml` package composes recursively and relies on catching the stack overflow, but an overflow
 * that happens to fall inside V8's regular-expression compiler kills the process (800 nested flow
 * mappings did); its own limit was near 750 in a plain process. No real document comes close.
 */
const MAX_NESTING = 256;

type YamlPackage = typeof import("yaml");
let yamlPackage: YamlPackage | undefined;

/**
 * The `yaml` package, loaded by the first YAML document only: a run on a JSON document never needs
 * it, and loading it costs CPU time that a JSON run would pay for nothing.
 * `require`, because it is synchronous like the parser; the package's Node entry is CommonJS.
 */
function yaml(): YamlPackage {
  yamlPackage ??= createRequire(import.meta.url)("yaml") as YamlPackage;
  return yamlPackage;
}

export function parseYamlText(text: string, file: string | undefined): ParsedText {
  const { LineCounter, Parser } = yaml();
  const lineCounter = new LineCounter();
  // The token tree is built without recursion, so its depth is measured before composing.
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  const tooDeep = firstTooDeep(tokens);
  if (tooDeep !== undefined) {
    throw invalidYaml(NESTS_TOO_DEEPLY, { file, line: lineCounter.linePos(tooDeep).line });
  }
  // `uniqueKeys` compares each key with every earlier key of its mapping (quadratic: 40,000 keys
  // took 34 s), so duplicates are found below with one set per mapping instead.
  const document = composeOne(tokens, text.length);
  const [error] = document.errors;
  if (error) {
    const { line } = lineCounter.linePos(error.pos[0]);
    const reason =
      error.code === "RESOURCE_EXHAUSTION" ? NESTS_TOO_DEEPLY : firstLine(error.message);
    throw invalidYaml(reason, { file, line });
  }
  const duplicate = firstDuplicateKey(document);
  if (duplicate !== undefined) {
    const { line } = lineCounter.linePos(duplicate);
    throw invalidYaml("Map keys must be unique", { file, line });
  }
  const keyIndex = new WeakMap<YAMLMap, Map<string, Pair>>();
  return {
    value: toPlainValue(document, file),
    isTree: false,
    lineOf: (segments) => lineCounter.linePos(nodeOffset(document, keyIndex, segments)).line,
  };
}

/** What `parseDocument` does, from tokens already parsed: the first document, more are an error. */
function composeOne(tokens: Parameters<Composer["compose"]>[0], length: number): Document {
  const { Composer, YAMLParseError } = yaml();
  const composer = new Composer({ uniqueKeys: false, merge: true });
  let first: Document | undefined;
  for (const document of composer.compose(tokens, true, length)) {
    if (first === undefined) {
      first = document as Document;
      continue;
    }
    first.errors.push(
      new YAMLParseError(
        [document.range[0], document.range[1]],
        "MULTIPLE_DOCS",
        "Source contains multiple documents; please use YAML.parseAllDocuments()",
      ),
    );
    break;
  }
  return first!;
}

/** The offset of the first collection nested deeper than `MAX_NESTING`, walking the token tree. */
function firstTooDeep(tokens: readonly unknown[]): number | undefined {
  const pending: { token: unknown; depth: number }[] = tokens.map((token) => ({ token, depth: 0 }));
  while (pending.length > 0) {
    const { token, depth } = pending.pop()!;
    if (typeof token !== "object" || token === null) continue;
    const node = token as { type?: string; offset?: number; items?: unknown[]; value?: unknown };
    const isCollection =
      node.type === "block-map" || node.type === "block-seq" || node.type === "flow-collection";
    const inside = isCollection ? depth + 1 : depth;
    if (inside > MAX_NESTING) return node.offset ?? 0;
    if (node.value !== undefined) pending.push({ token: node.value, depth: inside });
    for (const item of node.items ?? []) {
      const { key, value } = item as { key?: unknown; value?: unknown };
      if (key) pending.push({ token: key, depth: inside });
      if (value) pending.push({ token: value, depth: inside });
    }
  }
  return undefined;
}

/**
 * The offset of the first scalar key that repeats an earlier key of its mapping (equal values, as
 * the `yaml` package compares them), in document order; undefined when every key is unique.
 */
function firstDuplicateKey(document: Document): number | undefined {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let first: number | undefined;
  const pending: unknown[] = [document.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key;
        if (isScalar(key)) {
          const offset = key.range?.[0] ?? 0;
          if (seen.has(key.value) && (first === undefined || offset < first)) first = offset;
          seen.add(key.value);
        }
        pending.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(item);
    } else if (isPair(node)) {
      pending.push(node.key, node.value);
    }
  }
  return first;
}

function toPlainValue(document: Document, file: string | undefined): unknown {
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_EXPANSION });
  } catch (error) {
    // The call stack ran out on deep nesting.
    if (error instanceof RangeError) throw invalidYaml(NESTS_TOO_DEEPLY, { file }, error);
    // An alias bomb or an alias without its anchor.
    if (error instanceof ReferenceError) {
      throw invalidYaml(firstLine(error.message), { file }, error);
    }
    throw error;
  }
}

/** Each mapping's keys are indexed on its first lookup, so a lookup costs one step per segment. */
function nodeOffset(
  document: Document,
  keyIndex: WeakMap<YAMLMap, Map<string, Pair>>,
  segments: readonly string[],
): number {
  const { isAlias, isMap, isSeq } = yaml();
  let node = document.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (const segment of segments) {
    if (isAlias(node)) node = node.resolve(document) ?? null;
    if (isMap(node)) {
      const pair = keysOf(node, keyIndex).get(segment);
      if (!pair) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value as Node | null;
    } else if (isSeq(node) && isArrayIndex(segment)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return offset;
}

function keysOf(map: YAMLMap, keyIndex: WeakMap<YAMLMap, Map<string, Pair>>): Map<string, Pair> {
  let keys = keyIndex.get(map);
  if (keys === undefined) {
    const { isScalar } = yaml();
    keys = new Map();
    for (const pair of map.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      if (!keys.has(key)) keys.set(key, pair);
    }
    keyIndex.set(map, keys);
  }
  return keys;
}

function invalidYaml(reason: string, location: SourceLocation, cause?: unknown): KitGenerateError {
  return new KitGenerateError(`invalid YAML: ${reason}`, location, { cause });
}

function firstLine(message: string): string {
  return message.split("\n", 1)[0]!.trim();
}
