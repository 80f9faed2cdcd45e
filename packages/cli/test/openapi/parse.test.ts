import { describe, expect, test } from "vitest";
import { parseOpenAPIDocument } from "../../src/openapi/load.js";
import { thrownBy } from "./helpers.js";

const yamlDocument = `openapi: 3.0.3
info:
  title: Pets
  version: "1"
paths:
  /pets:
    get:
      parameters:
        - name: limit
          in: query
        - name: offset
          in: query
      responses:
        200:
          description: ok
`;

describe("parseOpenAPIDocument with YAML", () => {
  test("locates a pointer at the line of its key", () => {
    const loaded = parseOpenAPIDocument(yamlDocument, "api.yaml");
    expect(loaded.locate("#/paths/~1pets/get/responses/200")).toEqual({
      pointer: "#/paths/~1pets/get/responses/200",
      file: "api.yaml",
      line: 14,
    });
  });

  test("locates array items at the line where the item starts", () => {
    const loaded = parseOpenAPIDocument(yamlDocument, "api.yaml");
    expect(loaded.locate("#/paths/~1pets/get/parameters/1").line).toBe(11);
  });

  test("locates a pointer to something absent at its deepest existing parent", () => {
    const loaded = parseOpenAPIDocument(yamlDocument, "api.yaml");
    expect(loaded.locate("#/paths/~1pets/get/requestBody").line).toBe(7);
  });

  test("names the line of a syntax error", () => {
    const text = "openapi: 3.0.3\npaths:\n  /pets:\n    get: {}\n   post: {}\n";
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.yaml")).message).toMatch(
      /^api\.yaml:5: invalid YAML: [^\n]+$/,
    );
  });

  test("rejects duplicate keys, naming the line of the second one", () => {
    const text = "openapi: 3.0.3\npaths:\n  /pets: {}\n  /pets: {}\n";
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.yaml")).message).toBe(
      "api.yaml:4: invalid YAML: Map keys must be unique",
    );
  });

  test("rejects duplicate keys anywhere, naming the line of the first repeat in the document", () => {
    const text = [
      "openapi: 3.0.3",
      "paths: {}",
      "x-list:",
      "  - {a: 1, b: 2}",
      "  - {a: 1, a: 2}",
      "x-late:",
      "  c: 1",
      "  c: 2",
      "",
    ].join("\n");
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.yaml")).message).toBe(
      "api.yaml:5: invalid YAML: Map keys must be unique",
    );
  });

  test("keeps keys of different types apart, as the YAML package does", () => {
    const text = 'openapi: 3.0.3\npaths: {}\nx-codes:\n  1: number\n  "1": text\n';
    expect(parseOpenAPIDocument(text, "api.yaml").document).toMatchObject({
      "x-codes": { 1: "text" },
    });
  });

  test("locates keys of a mapping with many keys, the first and the last", () => {
    const keys = Array.from({ length: 2_000 }, (_, index) => `  k${index}: {}`);
    const text = ["openapi: 3.0.3", "paths: {}", "x-many:", ...keys, ""].join("\n");
    const loaded = parseOpenAPIDocument(text, "api.yaml");
    expect(loaded.locate("#/x-many/k0").line).toBe(4);
    expect(loaded.locate("#/x-many/k1999").line).toBe(2_003);
    expect(loaded.locate("#/x-many/k2000").line).toBe(3);
  });

  test("rejects an alias bomb instead of expanding it", () => {
    const laughs = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (const [name, previous] of ["ba", "cb", "dc", "ed", "fe", "gf"]) {
      laughs.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]`);
    }
    const text = `openapi: 3.0.3\npaths: {}\n${laughs.join("\n")}\n`;
    expect(thrownBy(() => parseOpenAPIDocument(text, "bomb.yaml")).message).toBe(
      "bomb.yaml: invalid YAML: Excessive alias count indicates a resource exhaustion attack",
    );
  });

  test("accepts ordinary aliases and merge keys", () => {
    const text = `openapi: 3.0.3
paths: {}
components:
  schemas:
    Base: &base
      type: object
    Pet:
      <<: *base
      description: a pet
`;
    const { document } = parseOpenAPIDocument(text, "api.yaml");
    expect(document.components?.schemas?.Pet).toEqual({ type: "object", description: "a pet" });
  });

  test("fails with one line, not a stack overflow, on nesting deeper than the parser handles", () => {
    const depth = 5_000;
    const text = `openapi: 3.0.3\npaths: {}\nx-deep: ${"[".repeat(depth)}${"]".repeat(depth)}\n`;
    expect(thrownBy(() => parseOpenAPIDocument(text, "deep.yaml")).message).toBe(
      "deep.yaml:3: invalid YAML: the document nests too deeply",
    );
  });

  test("fails with one line, not a crash, on 800 nested mappings with quoted keys", () => {
    // The yaml package's overflow fell inside V8's regular-expression compiler: a fatal error.
    const depth = 800;
    const open = '{"type": "object", "properties": {"a": '.repeat(depth);
    const text = `openapi: 3.0.3\npaths: {}\nx-deep: ${open}{"type": "string"}${"}}".repeat(depth)}\n`;
    expect(thrownBy(() => parseOpenAPIDocument(text, "deep.yaml")).message).toBe(
      "deep.yaml:3: invalid YAML: the document nests too deeply",
    );
  });

  test("reads 250 nested mappings", () => {
    const depth = 125;
    const open = "{type: object, properties: {a: ".repeat(depth);
    const text = `openapi: 3.0.3\npaths: {}\nx-deep: ${open}{type: string}${"}}".repeat(depth)}\n`;
    expect(parseOpenAPIDocument(text, "deep.yaml").document).toHaveProperty(
      "x-deep.type",
      "object",
    );
  });

  test("treats text without a file as YAML unless it starts with {", () => {
    expect(parseOpenAPIDocument(yamlDocument).document.info?.title).toBe("Pets");
  });
});

describe("parseOpenAPIDocument with JSON", () => {
  const jsonDocument = JSON.stringify(parseOpenAPIDocument(yamlDocument).document, null, 2);

  test("names file, line and column of a syntax error", () => {
    const text = '{\n  "openapi": "3.0.3",\n  "paths": {\n    "/pets": {},\n  }\n}\n';
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.json")).message).toBe(
      'api.json:5: invalid JSON at column 3: unexpected "}" (expected a property name in double quotes)',
    );
  });

  test("names the end of input of a truncated file", () => {
    const text = '{\n  "openapi": "3.0.3",\n  "paths": {';
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.json")).message).toBe(
      "api.json:3: invalid JSON at column 13: unexpected end of input (expected a property name in double quotes)",
    );
  });

  test("parses a .json file as JSON even when YAML would accept the text", () => {
    const text = "openapi: 3.0.3\npaths: {}\n";
    expect(thrownBy(() => parseOpenAPIDocument(text, "api.json")).message).toBe(
      'api.json:1: invalid JSON at column 1: unexpected "o" (expected a value)',
    );
  });

  test("treats text without a file that starts with { as JSON", () => {
    expect(thrownBy(() => parseOpenAPIDocument('{"openapi": 3.0.3}')).message).toBe(
      'line 1: invalid JSON at column 16: unexpected "." (expected "," or "}")',
    );
  });

  test("locates pointers at the line of their key, computed on demand", () => {
    const loaded = parseOpenAPIDocument(jsonDocument, "api.json");
    const lineText = (pointer: string) =>
      jsonDocument.split("\n")[loaded.locate(pointer).line! - 1]!.trim();
    expect(lineText("#/paths/~1pets/get/responses/200")).toBe('"200": {');
    expect(lineText("#/paths/~1pets/get/parameters/1")).toBe("{");
    expect(lineText("#/paths/~1pets/get/parameters/1/name")).toBe('"name": "offset",');
  });

  test("matches keys written with escapes and skips strings that look like structure", () => {
    const text = '{"openapi": "3.0.3", "x-s": "}{\\"][", "paths": {\n"/a\\u0062": {\n"get": {}}}}';
    expect(parseOpenAPIDocument(text, "api.json").locate("#/paths/~1ab/get").line).toBe(3);
  });

  test("ignores a byte order mark", () => {
    const loaded = parseOpenAPIDocument(`\uFEFF${jsonDocument}`, "api.json");
    expect(loaded.document.openapi).toBe("3.0.3");
  });
});
