import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { generateFromOpenAPI } from "../../src/generate.js";
import { FIXTURES, fixturePath } from "../support/fixtures.js";

/** The same value with the keys of every object, at every depth, in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reverseKeys(item)]),
  );
}

describe.each(FIXTURES)("%s with its keys reordered", (fixture) => {
  it("gives byte-identical files", async () => {
    const document = parse(await readFile(fixturePath(fixture), "utf8"));
    const original = await generateFromOpenAPI(structuredClone(document));
    const reordered = await generateFromOpenAPI(reverseKeys(document) as object);
    expect(JSON.stringify(reverseKeys(document))).not.toBe(JSON.stringify(document));
    expect(reordered.files).toEqual(original.files);
  });
});
