import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import { FIXTURES, fixtureSlug, loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR, writeOutput } from "../support/output-dir.js";
import { checkRoundTrip } from "../support/roundtrip.js";

/** Vitest compiles the generated legacy decorators only when the folder's tsconfig asks for them. */
const DECORATOR_TSCONFIG = `${JSON.stringify(
  { compilerOptions: { target: "ES2022", experimentalDecorators: true } },
  null,
  2,
)}\n`;

describe.each(FIXTURES)("every operation of %s, called through the runtime", (fixture) => {
  it("sends the documented verb, path, query keys, content type and response type", async () => {
    const loaded = await loadFixture(fixture);
    const dir = join(SCRATCH_DIR, "roundtrip", fixtureSlug(fixture));
    await writeOutput(renderDocument(loaded), dir);
    await writeFile(join(dir, "tsconfig.json"), DECORATOR_TSCONFIG);
    const checked = await checkRoundTrip(dir, loaded);
    expect(checked).toBeGreaterThan(0);
  });
});
