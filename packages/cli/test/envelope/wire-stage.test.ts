import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkWire } from "../../../../corpus/lib/wire-stage.js";
import { parseEnvelopeKeys } from "../../src/config/envelope-keys.js";
import { renderDocument } from "../../src/generate.js";
import type { EnvelopeKeys } from "../../src/options.js";
import { loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { writeClient } from "./write-client.js";

const KEYS = parseEnvelopeKeys("code=20000,msg,data") as EnvelopeKeys;

/**
 * The corpus's wire stage on the springdoc-shaped document, generated with `envelope` or not, and
 * checked against the types `declared` keys give (undefined: every method typed whole).
 */
async function wire(
  name: string,
  envelope: EnvelopeKeys | undefined,
  declared: EnvelopeKeys | undefined,
) {
  const loaded = await loadFixture("springdoc-team.json");
  const dir = join(SCRATCH_DIR, "envelope-wire", name);
  await writeClient(renderDocument(loaded, envelope ? { envelope } : {}), dir);
  return checkWire(dir, loaded, declared ? { envelope: declared } : {});
}

describe("the wire stage on an envelope document: every result is what its type declares", () => {
  it("without --envelope: 9 operations, requests valid, results exact, 0 type/value mismatches", async () => {
    const outcome = await wire("no-flag", undefined, undefined);
    expect(outcome).toMatchObject({
      operations: 9,
      requestsValid: 9,
      resultsExact: 9,
      typeMismatches: 0,
      classes: {},
    });
  });

  it("with --envelope code=20000,msg,data: the same, each result the envelope's data", async () => {
    const outcome = await wire("flag", KEYS, KEYS);
    expect(outcome).toMatchObject({
      operations: 9,
      requestsValid: 9,
      resultsExact: 9,
      typeMismatches: 0,
      classes: {},
    });
  });

  it("counts a mismatch for every enveloped result read against the whole-body types", async () => {
    // The client unwraps (its types say data); checked as if typed whole, 8 of 9 disagree.
    const outcome = await wire("mismatch", KEYS, undefined);
    expect(outcome.typeMismatches).toBe(8);
    expect(outcome.classes).toEqual({ "result: envelope unwrapped": 8 });
  });
});
