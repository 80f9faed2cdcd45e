import { describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import { fixtureSlug, loadFixture } from "../support/fixtures.js";

const EDGE_FIXTURES = [
  "paths.yaml",
  "schemas-3.0.yaml",
  "tags.yaml",
  "combined-keywords.yaml",
  "type-fidelity.yaml",
];

describe.each(EDGE_FIXTURES)("the %s fixture", (fixture) => {
  it("generates the files and warnings in the snapshots", async () => {
    const result = renderDocument(await loadFixture(fixture));
    for (const file of result.files) {
      await expect(file.contents).toMatchFileSnapshot(
        `__snapshots__/${fixtureSlug(fixture)}/${file.path}.snap`,
      );
    }
    await expect(`${result.warnings.join("\n")}\n`).toMatchFileSnapshot(
      `__snapshots__/${fixtureSlug(fixture)}/warnings.txt`,
    );
  });
});

describe("3.0 and 3.1 spellings of the same schemas", () => {
  it("give identical TypeScript: nullable, exclusiveMinimum, single-value enum vs const", async () => {
    const from30 = renderDocument(await loadFixture("schemas-3.0.yaml"));
    const from31 = renderDocument(await loadFixture("schemas-3.1.yaml"));
    expect(from31.files).toEqual(from30.files);
  });
});

describe("warnings", () => {
  it("name the JSON pointer and the YAML line of the place", async () => {
    const { warnings } = renderDocument(await loadFixture("schemas-3.0.yaml"));
    expect(warnings).toContain(
      "#/components/schemas/Anything (schemas-3.0.yaml:103): schema has no type and no structure; typed unknown",
    );
    const paths = renderDocument(await loadFixture("paths.yaml"));
    expect(paths.warnings).toContain(
      "#/paths/~1v1~1{name}/trace (paths.yaml:169): trace operations are not supported and were skipped",
    );
  });
});
