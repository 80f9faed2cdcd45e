import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, runCorpus } from "./run-corpus.js";

describe("real OpenAPI documents: the CI sample (corpus/sample.txt) and the repro documents (corpus/repro/)", () => {
  it("generates every document into code that type-checks (MSW handlers included), round-trips and is deterministic", async () => {
    const repros = (await readdir(`${REPO_ROOT}corpus/repro`)).map(
      (file) => `corpus/repro/${file}`,
    );
    const sample = (await readFile(`${REPO_ROOT}corpus/sample.txt`, "utf8"))
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
    // The wire stage's server is `kit mock` (routing and validating by itself), so this also
    // proves the generated client against the mock. Every tenth document is generated with
    // --query-object and called that way, with the same values: all checks below hold for it too.
    const { summary, failures, outcomes } = await runCorpus(
      ["--query-object-every", "10", "corpus/sample.txt", ...repros],
      { KIT_WIRE_SERVER: "kit-mock" },
    );

    expect(summary.documents).toBe(sample.length + repros.length);
    const queryObjects = outcomes.filter((outcome) => outcome.queryObject);
    expect(queryObjects).toHaveLength(Math.ceil(summary.documents / 10));
    // Every document here is valid OpenAPI, so a rejection is as much a bug as a crash.
    const problems = {
      crashes: summary.crashes,
      rejected: summary.clearRejections,
      tscErrors: summary.generated - summary.tscClean,
      roundTripMismatches: summary.generated - summary.roundTripExact,
      nondeterministic: summary.generated - summary.deterministic,
    };
    expect(problems, `failures:\n${failures}`).toEqual({
      crashes: 0,
      rejected: 0,
      tscErrors: 0,
      roundTripMismatches: 0,
      nondeterministic: 0,
    });
    expect(summary.operations).toBeGreaterThan(2000);

    // The wire stage against `kit mock`: every repro's requests reach their operation and are
    // valid against its document, and every result is exactly what the mock sent.
    for (const { id, wire } of outcomes.filter((o) => o.id.startsWith("corpus/repro/"))) {
      expect(wire, `${id}: the wire stage did not run`).toBeDefined();
      expect(wire!.classes, `${id}: ${wire!.failures.join("; ")}`).toEqual({});
      expect([wire!.requestsValid, wire!.resultsExact]).toEqual([
        wire!.operations,
        wire!.operations,
      ]);
    }
    // On the real documents every operation is called; the few requests still invalid are the
    // documents' own contradictions (docs/generator.md, "Wire truth"), and are kept below 1%.
    expect(summary.wireOperations).toBe(summary.operations);
    // Types never disagree with values: every JSON result is the value its method's type describes.
    expect(summary.typeMismatches, failures).toBe(0);
    expect(summary.requestsValid / summary.wireOperations, failures).toBeGreaterThan(0.99);
    expect(summary.resultsExact / summary.wireOperations, failures).toBeGreaterThan(0.995);

    // Every JSON response schema gets a generated value (kit mock's and the MSW handlers'
    // answers), checked against the schema: the few left are the documents' contradictions
    // (an integer enum of strings) and values that match several oneOf branches.
    expect(summary.answers).toBeGreaterThan(3000);
    expect(summary.generatedValid / summary.answers, failures).toBeGreaterThan(0.998);
  }, 900_000);
});
