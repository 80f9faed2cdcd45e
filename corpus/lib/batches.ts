import type { CorpusDocument } from "./directory.js";

export interface BatchLimits {
  /** Input bytes per batch: keeps one compiler run and one worker's memory bounded. */
  maxBytes: number;
  maxDocuments: number;
}

/**
 * Groups documents for one worker run each, largest first so the long ones start early and the
 * small ones fill the gaps at the end. A document larger than `maxBytes` gets a batch of its own.
 */
export function planBatches(
  documents: readonly CorpusDocument[],
  limits: BatchLimits,
): CorpusDocument[][] {
  const batches: CorpusDocument[][] = [];
  let current: CorpusDocument[] = [];
  let bytes = 0;
  for (const document of [...documents].sort(
    (a, b) => b.bytes - a.bytes || a.id.localeCompare(b.id),
  )) {
    const full = current.length >= limits.maxDocuments || bytes + document.bytes > limits.maxBytes;
    if (current.length > 0 && full) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(document);
    bytes += document.bytes;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * A directory name for a document's output: readable, flat, safe on every file system. Never a
 * dot name (a document outside the working directory has an id starting with `../`): the
 * `out/**` patterns of the tsconfig skip those, and tsx would then compile the output without
 * `experimentalDecorators`.
 */
export function outputSlug(id: string): string {
  return id
    .replace(/\.json$/, "")
    .replaceAll("/", "--")
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .replace(/^\./, "_");
}
