import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import { loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { checkRoundTrip } from "../support/roundtrip.js";
import { writeClient } from "./write-client.js";

describe("every operation of springdoc.json generated with --envelope, called through the runtime", () => {
  it("sends the documented verb, path, query keys, content type and response type", async () => {
    const loaded = await loadFixture("springdoc.json");
    const dir = join(SCRATCH_DIR, "envelope-roundtrip");
    const envelope = { codeKey: "code", messageKey: "message", dataKey: "data" };
    await writeClient(renderDocument(loaded, { envelope }), dir);
    expect(await checkRoundTrip(dir, loaded)).toBe(8);
  });
});
