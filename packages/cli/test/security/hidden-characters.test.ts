import ts from "ts5";
import { beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import type { GenerateResult } from "../../src/options.js";

/** One of each kind: NUL, a C1 control, DEL, bidi overrides and isolates, separators, BOM. */
const HIDDEN = [
  "\0",
  "\x85",
  "\x7f",
  "\u202E",
  "\u202A",
  "\u2066",
  "\u2069",
  "\u200F",
  "\u2028",
  "\u2029",
  "\uFEFF",
  "\uD800",
];

/** Each value hides one character between two letters, so it stays one visible word. */
const VALUES = HIDDEN.map((character) => `a${character}b`);

/** Description lines a reader sees as text, which TypeScript would read as tags if left raw. */
const TAG_LIKE = [
  "* @deprecated use the other one",
  "** @internal",
  "Plain text @deprecated in the middle",
  "tab\t@internal",
  "zero width\u200B@deprecated",
  "(@see elsewhere)",
  "Labels such as `bug,@high`, **@mention** and a@b.example",
];

function documentWithHiddenCharacters(): object {
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "/api\u202E/v1" }],
    tags: [{ name: "things", description: `Tag \u202Etxt.exe\0 text` }],
    paths: {
      "/things/{id}": {
        get: {
          tags: ["things"],
          operationId: "getThing",
          summary: `Get\u2066 one\u2069 thing\0`,
          description: TAG_LIKE.join("\n"),
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            {
              name: "x\u202Ey",
              in: "query",
              description: "a query key with a bidi override",
              schema: { type: "string" },
            },
          ],
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: "object",
          description: TAG_LIKE.join("\n"),
          properties: {
            kind: { type: "string", enum: VALUES, description: `one of\u2028${VALUES.join(" ")}` },
            "key\u202Egnp.exe": { type: "string", default: "d\u202Ef" },
          },
        },
      },
    },
  };
}

const RAW_HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  /[\0-\x08\x0B-\x1F\x7F-\x9F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069\uFEFF\uD800-\uDFFF]/u;

function parse(file: { path: string; contents: string }): ts.SourceFile {
  return ts.createSourceFile(file.path, file.contents, ts.ScriptTarget.Latest, true);
}

/** Every node of a file, depth first. */
function nodesOf(tree: ts.SourceFile): ts.Node[] {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    nodes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return nodes;
}

describe("hidden characters and tag signs from the document", () => {
  let result: GenerateResult;
  beforeAll(async () => {
    result = await generateFromOpenAPI(documentWithHiddenCharacters());
  });

  it("reach no generated file raw: NUL, controls, bidi, U+2028/2029, BOM, lone surrogates", () => {
    for (const file of result.files) {
      expect(RAW_HIDDEN.exec(file.contents)?.[0], file.path).toBeUndefined();
      expect(file.contents.includes("\0"), file.path).toBe(false);
    }
    const api = result.files.find((file) => file.path === "apis/things.api.ts")!.contents;
    expect(api).toContain("Tag \\u202Etxt.exe\\u0000 text");
    expect(api).toContain('@Query("x\\u202Ey")');
  });

  it("keep the exact strings in literals: the escapes mean the same characters", () => {
    const literals = new Set<string>();
    for (const file of result.files) {
      for (const node of nodesOf(parse(file))) {
        if (ts.isStringLiteral(node)) literals.add(node.text);
      }
    }
    for (const value of VALUES) expect(literals.has(value), JSON.stringify(value)).toBe(true);
    expect(literals).toContain("key\u202Egnp.exe");
    expect(literals).toContain("x\u202Ey");
    expect(literals).toContain("/api\u202E/v1");
  });

  it("never become JSDoc tags; only the generator's own tags are read", () => {
    const tags: string[] = [];
    for (const file of result.files) {
      for (const node of nodesOf(parse(file))) {
        for (const doc of ts.getJSDocCommentsAndTags(node)) {
          if (ts.isJSDoc(doc)) for (const tag of doc.tags ?? []) tags.push(tag.tagName.text);
        }
      }
    }
    expect(tags).not.toContain("deprecated");
    expect(tags).not.toContain("internal");
    expect(tags).not.toContain("see");
    const types = result.files.find((file) => file.path === "types/things.ts")!.contents;
    expect(types).toContain(" * * \\@deprecated use the other one\n");
    expect(types).toContain(" * Plain text \\@deprecated in the middle\n");
    // Where TypeScript reads no tag, the text stays as written: no backslash in a code span.
    expect(types).toContain(" * Labels such as `bug,@high`, **@mention** and a@b.example\n");
    expect(types).toContain(" * (@see elsewhere)\n");
  });
});
