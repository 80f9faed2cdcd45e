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

describe("document values printed into the output", () => {
  it("give byte-identical files, MSW handlers included, whatever the key order of an example", async () => {
    const pet = { id: 7, name: "Rex", tags: { colour: "brown", size: "small" } };
    const document = {
      openapi: "3.0.3",
      info: { title: "Pets", version: "1" },
      paths: {
        "/pets/{id}": {
          get: {
            operationId: "getPet",
            tags: ["pets"],
            parameters: [
              { name: "id", in: "path", required: true, schema: { type: "integer" } },
              { name: "filter", in: "query", schema: { type: "object" }, example: pet.tags },
            ],
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/Pet" },
                    example: pet,
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Pet: {
            type: "object",
            properties: {
              id: { type: "integer" },
              name: { type: "string" },
              tags: { type: "object", additionalProperties: { type: "string" }, example: pet.tags },
            },
          },
        },
      },
    };
    const original = await generateFromOpenAPI(structuredClone(document), { mock: "msw" });
    const reordered = await generateFromOpenAPI(reverseKeys(document) as object, { mock: "msw" });
    expect(original.files.some((file) => file.path.startsWith("mocks/"))).toBe(true);
    expect(reordered.files).toEqual(original.files);
  });
});
