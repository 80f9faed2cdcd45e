import { describe, expect, it } from "vitest";
import { group, importLines, layout, MAX_WIDTH, parseExpression } from "../../src/emit/wrap.js";
import { renderDocument } from "../../src/generate.js";
import { parseOpenAPIDocument } from "../../src/openapi/load.js";
import { ASANA_LIKE } from "../query-object/asana-like.js";
import { loadFixture } from "../support/fixtures.js";

const names = (count: number, length: number) =>
  Array.from({ length: count }, (_, index) => `N${index}`.padEnd(length, "x"));

describe("wrapping long lines at 100 columns", () => {
  it("leaves an import of exactly 100 columns as it is, and breaks one of 101 one name per line", () => {
    // `import { A, B } from "x";`: 9 + names + 12 columns.
    const fits = importLines("import", ["A".repeat(40), "B".repeat(37)], '"x"');
    expect(fits).toEqual([`import { ${"A".repeat(40)}, ${"B".repeat(37)} } from "x";`]);
    expect(fits[0]).toHaveLength(MAX_WIDTH);
    const long = importLines("import type", ["A".repeat(40), "B".repeat(31)], '"./y"');
    expect(`import type { ${"A".repeat(40)}, ${"B".repeat(31)} } from "./y";`).toHaveLength(101);
    expect(long).toEqual([
      "import type {",
      `  ${"A".repeat(40)},`,
      `  ${"B".repeat(31)},`,
      '} from "./y";',
    ]);
  });

  it("reads a decorator and writes it back unchanged when it fits", () => {
    for (const text of [
      '@Query("page-size")',
      '@Query("sort", { style: "deepObject" })',
      '@Params("role", { style: "simple", explode: true })',
      '@Query({ keys: ["a", "b"], styles: { b: { explode: false } } })',
      '@Data("file", { contentType: "image/png, image/jpeg" })',
      "@Data()",
      '@Query("a\\"(b")',
    ]) {
      expect(layout(parseExpression(text), "  ")).toEqual([`  ${text}`]);
    }
  });

  it("keeps a call's last object argument on the call's lines, as Prettier hugs it", () => {
    const keys = names(12, 8).map((name) => `"${name}"`);
    const decorator = `@Query({ keys: [${keys.join(", ")}], styles: { "N1xxxxxx": { explode: false } } })`;
    expect(layout([...parseExpression(decorator), " _query?: unknown"], "    ", ",")).toEqual([
      "    @Query({",
      "      keys: [",
      ...keys.map((key) => `        ${key},`),
      "      ],",
      '      styles: { "N1xxxxxx": { explode: false } },',
      "    }) _query?: unknown,",
    ]);
  });

  it("puts a route too long for its line on a line of its own", () => {
    const route = `/repos/:owner/:repo/${"environments/:environment_name/".repeat(2)}policies/:id`;
    expect(layout([{ expression: `@Put(${JSON.stringify(route)})` }], "  ")).toEqual([
      "  @Put(",
      `    ${JSON.stringify(route)},`,
      "  )",
    ]);
  });

  it("moves a parameter typed with an inline object two columns in, its lines with it", () => {
    const type = "{\n    name: string;\n  }";
    const parts = ["create", group("(", [["id: number"], [`payload: ${type}`]])];
    expect(layout(parts, "  ", ": Promise<void>;")).toEqual([
      "  create(",
      "    id: number,",
      "    payload: {",
      "      name: string;",
      "    },",
      "  ): Promise<void>;",
    ]);
    const sole = ["create", group("(", [[`payload: ${type}`]])];
    expect(layout(sole, "  ", ": Promise<void>;")).toEqual([
      "  create(payload: {",
      "    name: string;",
      "  }): Promise<void>;",
    ]);
  });

  it("leaves no line of code over 100 columns in the petstore and Asana-like clients", async () => {
    const clients = [
      renderDocument(await loadFixture("petstore-3.0.json")),
      renderDocument(parseOpenAPIDocument(JSON.stringify(ASANA_LIKE)), { queryObject: true }),
    ];
    const long = clients
      .flatMap((client) => client.files)
      .flatMap((file) => file.contents.split("\n"))
      .filter((line) => line.length > MAX_WIDTH && !/^\s*(\/\*\*|\*)/.test(line));
    expect(long).toEqual([]);
  });
});
