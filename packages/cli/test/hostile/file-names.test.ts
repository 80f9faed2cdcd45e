import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runKit } from "../cli/run-kit.js";
import { useTempDirs } from "../write/temp-dir.js";

const tempDir = useTempDirs();

const LONG_TAG = "a".repeat(240);
const DEVICE_TAGS = ["CON", "aux", "NUL", "com1", "LPT9", "prn"];

/** One operation per tag. */
function documentWithTags(tags: readonly string[]): object {
  const paths = Object.fromEntries(
    tags.map((tag, index) => [
      `/r${index}`,
      {
        get: {
          operationId: `get${index}`,
          tags: [tag],
          responses: { "204": { description: "ok" } },
        },
      },
    ]),
  );
  return { openapi: "3.0.3", info: { title: "names", version: "1" }, paths };
}

describe("file names from hostile tags", () => {
  it("a 240-character tag and Windows device names are written under short, safe names", async () => {
    const dir = await tempDir();
    await writeFile(
      path.join(dir, "api.json"),
      JSON.stringify(documentWithTags([LONG_TAG, ...DEVICE_TAGS])),
    );
    const run = await runKit(["generate", "-i", "api.json", "-o", "out"], dir);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const names = (await readdir(path.join(dir, "out", "apis"))).sort();
    expect(names).toEqual([
      `${"a".repeat(56)}-${names[0]!.slice(57, -".api.ts".length)}.api.ts`,
      "tag-aux.api.ts",
      "tag-com1.api.ts",
      "tag-con.api.ts",
      "tag-lpt9.api.ts",
      "tag-nul.api.ts",
      "tag-prn.api.ts",
    ]);
    expect(names[0]!.length).toBeLessThanOrEqual(64 + ".api.ts".length);
    const device = /^(?:con|prn|aux|nul|com\d|lpt\d)(?:\.|$)/i;
    const all = await readdir(path.join(dir, "out"), { recursive: true });
    expect(all.filter((name) => path.basename(name).match(device))).toEqual([]);
  });
});
