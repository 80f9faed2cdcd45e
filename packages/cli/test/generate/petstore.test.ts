import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { generateFromOpenAPI, renderDocument } from "../../src/generate.js";
import { GENERATED_MARKER } from "../../src/options.js";
import { fixturePath, loadFixture } from "../support/fixtures.js";

const EXAMPLE = fileURLToPath(
  new URL("../../../../examples/petstore/openapi.yaml", import.meta.url),
);

const TAG_NAMES = { 用户管理: "users" };

describe("the petstore example", () => {
  it("has a 3.0 JSON fixture that is exactly the example document", async () => {
    const example = parse(await readFile(EXAMPLE, "utf8"));
    const fixture = JSON.parse(await readFile(fixturePath("petstore-3.0.json"), "utf8"));
    expect(fixture).toEqual(example);
  });

  it("generates the files in the snapshots", async () => {
    // The admin tag 用户管理 has no ASCII words: its name is pinned, as a team does in kit.config.
    const result = renderDocument(await loadFixture("petstore-3.0.json"), { tagNames: TAG_NAMES });
    expect(result.files.map((file) => file.path)).toEqual([
      "apis/pet.api.ts",
      "apis/store.api.ts",
      "apis/user.api.ts",
      "apis/users.api.ts",
      "index.ts",
      "service.config.ts",
      "service.ts",
      "types/index.ts",
      "types/pet.ts",
      "types/store.ts",
      "types/user.ts",
      "types/users.ts",
    ]);
    for (const file of result.files) {
      await expect(file.contents).toMatchFileSnapshot(`__snapshots__/petstore/${file.path}.snap`);
    }
    expect(result.warnings).toEqual([]);
  });

  it("gives byte-identical files for the OpenAPI 3.1 YAML rewrite", async () => {
    const from30 = renderDocument(await loadFixture("petstore-3.0.json"));
    const from31 = renderDocument(await loadFixture("petstore-3.1.yaml"));
    expect(from31.files).toEqual(from30.files);
  });

  it("writes every file in the fixed format", async () => {
    const { files } = await generateFromOpenAPI(EXAMPLE);
    for (const file of files) {
      // The hand-written starter has no marker, so no later run overwrites or deletes it.
      expect(file.contents.startsWith(`${GENERATED_MARKER}\n`)).toBe(!file.handWritten);
      expect(file.contents.endsWith("\n")).toBe(true);
      expect(file.contents.endsWith("\n\n")).toBe(false);
      expect(file.contents).not.toMatch(/\r|\t| +\n/);
    }
  });

  it("loads a path or an already parsed object alike", async () => {
    const fromPath = await generateFromOpenAPI(fixturePath("petstore-3.0.json"));
    const object = JSON.parse(await readFile(fixturePath("petstore-3.0.json"), "utf8"));
    const fromObject = await generateFromOpenAPI(object);
    expect(fromObject.files).toEqual(fromPath.files);
  });

  it("writes the base URL and name options into service.ts", async () => {
    const { files } = await generateFromOpenAPI(EXAMPLE, {
      baseUrl: "http://127.0.0.1:3000/v3",
      name: "shop",
    });
    const service = files.find((file) => file.path === "service.ts")!;
    expect(service.contents).toContain(
      '@Server({ baseURL: "http://127.0.0.1:3000/v3", name: "shop", ...options })',
    );
  });

  it("filters whole tags, exclusion first", async () => {
    const paths = async (options: { tags?: string[]; excludeTags?: string[] }) =>
      (await generateFromOpenAPI(EXAMPLE, options)).files.map((file) => file.path);
    expect(await paths({ tags: ["pet"] })).toEqual([
      "apis/pet.api.ts",
      "index.ts",
      "service.config.ts",
      "service.ts",
      "types/index.ts",
      "types/pet.ts",
    ]);
    expect(await paths({ tags: ["pet", "store"], excludeTags: ["pet"] })).not.toContain(
      "apis/pet.api.ts",
    );
    const onlyAdmin = await generateFromOpenAPI(EXAMPLE, {
      tags: ["用户管理"],
      tagNames: TAG_NAMES,
    });
    const users = onlyAdmin.files.find((file) => file.path === "apis/users.api.ts")!;
    // The two-tag operation stays in the admin class when its other tag is filtered out.
    expect(users.contents).toContain("addUserNote(");
  });
});
