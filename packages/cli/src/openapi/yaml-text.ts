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
import { KitGenerateError } from "../errors.js";
import type { ParsedText } from "./parsed-text.js";
import { isArrayIndex } from "./pointer.js";

/**
 * Aliases may point at structures that themselves contain aliases; past this expansion factor the
 * document is treated as an alias bomb (the `yaml` package's own measure).
 */
const MAX_ALIAS_EXPANSION = 100;

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
      error.code === "RESOURCE_EXHAUSTION"
        ? "the document nests too deeply"
        : firstLine(error.message);
    throw new KitGenerateError(`invalid YAML: ${reason}`, { file, line });
  }
  return {
    value: toPlainValue(document, file),
    lineOf: (segments) => lineCounter.linePos(nodeOffset(document, segments)).line,
  };
}

function toPlainValue(document: Document, file: string | undefined): unknown {
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_EXPANSION });
  } catch (error) {
    if (error instanceof ReferenceError) {
      throw new KitGenerateError(
        `invalid YAML: ${firstLine(error.message)}`,
        { file },
        { cause: error },
      );
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

function firstLine(message: string): string {
  return message.split("\n", 1)[0]!.trim();
}
