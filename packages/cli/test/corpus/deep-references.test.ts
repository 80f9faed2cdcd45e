import { describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { REPO_ROOT } from "./run-corpus.js";

describe("references into other schemas (corpus/repro/deep-ref-blowup.json)", () => {
  it("declares each target once, so output grows with the document, not with the paths through it", async () => {
    // 16 levels, each referring twice to a schema inside the level below: printed in place at
    // every use, that is 2^16 copies (13 MB from 8 KB; 241 MB for a real Azure document).
    const result = await generateFromOpenAPI(`${REPO_ROOT}corpus/repro/deep-ref-blowup.json`);

    const types = result.files.find((file) => file.path === "types/default.ts")!.contents;
    expect(types.length).toBeLessThan(10_000);
    expect(types).toContain(
      "export interface Level15Left {\n  first?: Level14Left;\n  second?: Level14Left;\n}",
    );
    expect(result.warnings).toEqual([]);
  });
});
