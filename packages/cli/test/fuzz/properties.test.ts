import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { mangledDocument, openApiDocument } from "./arbitraries.js";
import { generateOrFail } from "./properties.js";
import { runBatch } from "./run-batch.js";

/** Fixed seeds keep `npm test` reproducible; `npm run fuzz` explores with fresh ones. */
const SEED = 20_261_122;

describe("generated documents, hostile in every string", () => {
  it("generate, stay inside the output root, ignore key order, compile and round-trip", async () => {
    const documents = fc.sample(openApiDocument, { numRuns: 30, seed: SEED });
    const reports = await runBatch(documents, join(SCRATCH_DIR, "fuzz", "batch"), SEED);
    const failures = reports.flatMap((report, index) =>
      report.failures.map((failure) => ({ case: index, detail: failure.detail.slice(0, 400) })),
    );
    expect(failures).toEqual([]);
    expect(reports.filter((report) => report.generated).length).toBeGreaterThan(20);
  });
});

describe("documents with a subtree of the wrong shape", () => {
  it("either generate or fail with a one-line KitGenerateError", async () => {
    await fc.assert(
      fc.asyncProperty(mangledDocument, async (document) => {
        expect((await generateOrFail(document)).failure).toBeUndefined();
      }),
      { numRuns: 150, seed: SEED },
    );
  });
});
