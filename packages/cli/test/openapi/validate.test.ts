import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { loadOpenAPIDocument, parseOpenAPIDocument } from "../../src/openapi/load.js";
import { fixture, thrownBy } from "./helpers.js";

async function parseFixture(name: string) {
  return parseOpenAPIDocument(await readFile(fixture(name), "utf8"), name);
}

async function messageOf(name: string): Promise<string> {
  const text = await readFile(fixture(name), "utf8");
  return thrownBy(() => parseOpenAPIDocument(text, name)).message;
}

describe("document validation", () => {
  test("accepts OpenAPI 3.1 and 3.0", async () => {
    expect((await parseFixture("petstore-3.1.yaml")).document.openapi).toBe("3.1.0");
    expect((await parseFixture("petstore-3.0.json")).document.openapi).toBe("3.0.3");
  });

  test("rejects Swagger 2.0 with a hint to convert it", async () => {
    expect(await messageOf("swagger-2.0.json")).toBe(
      "#/swagger (swagger-2.0.json:2): Swagger 2.0 documents are not supported; convert it to OpenAPI 3 first (for example with swagger2openapi)",
    );
  });

  test.each([
    [
      "openapi: 3.3.0\npaths: {}\n",
      '#/openapi (api.yaml:1): expected an OpenAPI version 3.0.x, 3.1.x or 3.2.x, got "3.3.0"',
    ],
    [
      "openapi: 3.1\npaths: {}\n",
      "#/openapi (api.yaml:1): expected an OpenAPI version 3.0.x, 3.1.x or 3.2.x, got 3.1",
    ],
    [
      "info: {}\npaths: {}\n",
      "#/openapi (api.yaml:1): expected an OpenAPI version 3.0.x, 3.1.x or 3.2.x, got nothing",
    ],
  ])("rejects an unsupported version: %j", (text, message) => {
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.yaml")).message).toBe(message);
  });

  test("rejects a document without paths", async () => {
    expect(await messageOf("no-paths.yaml")).toBe(
      '#/paths (no-paths.yaml:1): expected a "paths" object, got nothing',
    );
  });

  test("rejects paths that are not an object", () => {
    const text = "openapi: 3.0.3\npaths:\n  - /pets\n";
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.yaml")).message).toBe(
      '#/paths (api.yaml:2): expected a "paths" object, got an array',
    );
  });

  test("rejects text that is not a document", () => {
    expect(thrownBy(() => parseOpenAPIDocument("just text\n", "api.yaml")).message).toBe(
      '# (api.yaml:1): expected an OpenAPI document (an object with "openapi" and "paths"), got "just text"',
    );
    expect(thrownBy(() => parseOpenAPIDocument("", "api.yaml")).message).toMatch(/got null$/);
  });

  test("rejects a remote $ref with the ref text and where it was written", async () => {
    expect(await messageOf("remote-ref.yaml")).toBe(
      '#/paths/~1pets/get/responses/200/content/application~1json/schema (remote-ref.yaml:10): $ref "https://example.com/schemas/pet.json#/Pet" is not local; only local references are supported; bundle the document into one file first',
    );
  });

  test("rejects a relative-file $ref", async () => {
    expect(await messageOf("relative-ref.json")).toBe(
      '#/paths/~1pets (relative-ref.json:4): $ref "./paths/pets.json" is not local; only local references are supported; bundle the document into one file first',
    );
  });

  test("a $ref key inside example or default data is data, not a reference", () => {
    const remote = '{ $ref: "https://example.com/x" }';
    const text = [
      "openapi: 3.1.0",
      "paths: {}",
      "components:",
      "  schemas:",
      "    Team:",
      "      type: object",
      `      example: { members: [${remote}] }`,
      `      examples: [${remote}]`,
      `      default: ${remote}`,
      "      properties:",
      "        default: { type: string }",
      `        x: { type: object, enum: [${remote}], x-note: ${remote} }`,
      "  examples:",
      `    default: { value: ${remote} }`,
    ].join("\n");
    expect(() => parseOpenAPIDocument(text, "api.yaml")).not.toThrow();
    const property = text.replace("default: { type: string }", `default: ${remote}`);
    expect(thrownBy(() => parseOpenAPIDocument(property, "api.yaml")).message).toMatch(
      /^#\/components\/schemas\/Team\/properties\/default \(api\.yaml:11\): \$ref "https:\/\/example\.com\/x" is not local/,
    );
  });

  test("rejects a $ref to a plain-name fragment", () => {
    const text = 'openapi: 3.1.0\npaths: {}\ncomponents:\n  schemas:\n    A: { $ref: "#Pet" }\n';
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.yaml")).message).toBe(
      '#/components/schemas/A (api.yaml:5): $ref "#Pet" is a plain-name fragment; only JSON pointer references (#/...) are supported',
    );
  });

  test("reports the first non-local $ref in document order", () => {
    const document = {
      openapi: "3.0.3",
      paths: { "/a": { $ref: "a.yaml" }, "/b": { $ref: "b.yaml" } },
    };
    expect(thrownBy(() => parseOpenAPIDocument(JSON.stringify(document))).message).toMatch(
      /^#\/paths\/~1a \(line 1\): \$ref "a\.yaml"/,
    );
  });

  test("finds a non-local $ref nested 1,000 deep and names its line", () => {
    let schema: object = { $ref: "deep.json#/x" };
    for (let level = 0; level < 1_000; level++)
      schema = { type: "object", properties: { a: schema } };
    const text = JSON.stringify(
      { openapi: "3.0.3", paths: {}, components: { schemas: { Deep: schema } } },
      null,
      1,
    );
    const error = thrownBy(() => parseOpenAPIDocument(text, "deep.json"));
    const pointer = `#/components/schemas/Deep${"/properties/a".repeat(1_000)}`;
    expect(error.location).toEqual({ pointer, file: "deep.json", line: 3_006 });
    expect(text.split("\n")[3_006]!.trim()).toBe('"$ref": "deep.json#/x"');
  });

  test("accepts data nested 100,000 deep in JSON without overflowing the stack", () => {
    const depth = 100_000;
    const text = `{"openapi": "3.0.3", "paths": {}, "x-deep": ${"[".repeat(depth)}${"]".repeat(depth)}}`;
    expect(parseOpenAPIDocument(text, "deep.json").document.openapi).toBe("3.0.3");
  });
});

describe("loadOpenAPIDocument from an object", () => {
  const pristine = {
    openapi: "3.1.0",
    paths: { "/pets": { get: { responses: { "200": { $ref: "#/components/responses/Ok" } } } } },
    components: { responses: { Ok: { description: "ok" } } },
  };

  test("returns the object itself, unmodified, with pointer-only locations", async () => {
    const input = structuredClone(pristine);
    const loaded = await loadOpenAPIDocument(input);
    expect(loaded.document).toBe(input);
    expect(input).toEqual(pristine);
    expect(loaded.file).toBeUndefined();
    expect(loaded.locate("#/paths/~1pets")).toEqual({ pointer: "#/paths/~1pets" });
  });

  test("accepts a deeply frozen document", async () => {
    const input = deepFreeze(structuredClone(pristine));
    await expect(loadOpenAPIDocument(input)).resolves.toMatchObject({ document: input });
  });

  test("validates the same way as text", async () => {
    await expect(loadOpenAPIDocument({ swagger: "2.0", paths: {} })).rejects.toMatchObject({
      exitCode: 1,
      message:
        "#/swagger: Swagger 2.0 documents are not supported; convert it to OpenAPI 3 first (for example with swagger2openapi)",
    });
    await expect(
      loadOpenAPIDocument({ openapi: "3.0.3", paths: { "/a": { $ref: "http://x/a.yaml" } } }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/^#\/paths\/~1a: \$ref "http:\/\/x\/a\.yaml" is not local/),
    });
  });

  test("terminates on an object graph with a cycle", async () => {
    const schema: Record<string, unknown> = { type: "object" };
    schema.properties = { self: schema };
    const input = { openapi: "3.0.3", paths: {}, components: { schemas: { Loop: schema } } };
    await expect(loadOpenAPIDocument(input)).resolves.toMatchObject({ document: input });
  });
});

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (typeof child === "object" && child !== null) deepFreeze(child);
  }
  return Object.freeze(value);
}
