import {
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
} from "yaml";
import { KitGenerateError, type SourceLocation } from "../errors.js";
import type { ParsedText } from "./parsed-text.js";
import { isArrayIndex } from "./pointer.js";

/**
 * Aliases may point at structures that themselves contain aliases; past this expansion factor the
 * document is treated as an alias bomb (the `yaml` package's own measure).
 */
const MAX_ALIAS_EXPANSION = 100;

/** The `yaml` package recurses per nesting level and reports about 1,000 levels as exhaustion. */
const NESTS_TOO_DEEPLY = "the document nests too deeply";

export function parseYamlText(text: string, file: string | undefined): ParsedText {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, {
    lineCounter,
    uniqueKeys: true,
    merge: true,
    prettyErrors: false,
  });
  const [error] = document.errors;
  if (error) {
    const { line } = lineCounter.linePos(error.pos[0]);
    const reason =
      error.code === "RESOURCE_EXHAUSTION" ? NESTS_TOO_DEEPLY : firstLine(error.message);
    throw invalidYaml(reason, { file, line });
  }
  return {
    value: toPlainValue(document, file),
    isTree: false,
    lineOf: (segments) => lineCounter.linePos(nodeOffset(document, segments)).line,
  };
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

function nodeOffset(document: Document, segments: readonly string[]): number {
  let node = document.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (const segment of segments) {
    if (isAlias(node)) node = node.resolve(document) ?? null;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === segment,
      );
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

function invalidYaml(reason: string, location: SourceLocation, cause?: unknown): KitGenerateError {
  return new KitGenerateError(`invalid YAML: ${reason}`, location, { cause });
}

function firstLine(message: string): string {
  return message.split("\n", 1)[0]!.trim();
}
