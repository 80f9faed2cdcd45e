import { rm } from "node:fs/promises";
import { loadOpenAPIDocument } from "../../src/openapi/load.js";
import type { GenerateResult } from "../../src/options.js";
import { checkRoundTrip } from "../support/roundtrip.js";
import { caseDir, compileBatch } from "./compile-batch.js";
import type { Failure } from "./failure.js";
import { failure } from "./failure.js";
import { generateOrFail, outputPathFailures, shuffleFailure } from "./properties.js";

export interface CaseReport {
  document: object;
  /** False when the generator refused the document with a `KitGenerateError`. */
  generated: boolean;
  failures: Failure[];
}

/**
 * Checks every property on each document: generation, output paths, key-shuffle determinism,
 * one compiler run for the whole batch, and the round trip of every operation. `batchDir` is
 * scratch space, replaced.
 */
export async function runBatch(
  documents: readonly object[],
  batchDir: string,
  seed: number,
): Promise<CaseReport[]> {
  await rm(batchDir, { recursive: true, force: true });
  const reports: CaseReport[] = [];
  const compilable = new Map<number, GenerateResult>();
  for (const [index, document] of documents.entries()) {
    const generated = await generateOrFail(document);
    const failures = generated.failure ? [generated.failure] : [];
    if (generated.result) {
      failures.push(...outputPathFailures(generated.result));
      const shuffled = await shuffleFailure(document, generated.result, seed + index);
      if (shuffled) failures.push(shuffled);
      if (failures.length === 0) compilable.set(index, generated.result);
    }
    reports.push({ document, generated: generated.result !== undefined, failures });
  }
  const compileFailures = await compileBatch(batchDir, compilable);
  for (const [index, failures] of compileFailures) {
    reports[index]?.failures.push(...failures);
  }
  for (const index of compilable.keys()) {
    const report = reports[index]!;
    if (report.failures.length > 0) continue;
    try {
      await checkRoundTrip(caseDir(batchDir, index), await loadOpenAPIDocument(report.document));
    } catch (error) {
      report.failures.push(failure("roundtrip", String((error as Error).message ?? error)));
    }
  }
  return reports;
}
