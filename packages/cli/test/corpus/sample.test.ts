import { describe, expect, it } from "vitest";
import { runCorpus } from "./run-corpus.js";

describe("the CI sample of real OpenAPI documents (corpus/sample.txt)", () => {
  it("generates every document into code that type-checks, round-trips and is deterministic", async () => {
    const { summary, failures } = await runCorpus(["corpus/sample.txt"]);

    expect(summary.documents).toBe(60);
    const problems = {
      crashes: summary.crashes,
      rejected: summary.clearRejections,
      tscErrors: summary.generated - summary.tscClean,
      roundTripMismatches: summary.generated - summary.roundTripExact,
      nondeterministic: summary.generated - summary.deterministic,
    };
    expect(problems, `corpus/.work/failures.txt:\n${failures}`).toEqual({
      crashes: 0,
      rejected: 0,
      tscErrors: 0,
      roundTripMismatches: 0,
      nondeterministic: 0,
    });
    expect(summary.operations).toBeGreaterThan(2000);
  }, 600_000);
});
