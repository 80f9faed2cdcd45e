import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadOpenAPIDocument, readOpenAPIDocument } from "../../src/openapi/load.js";
import { fixture } from "./helpers.js";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "kit-read-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("readOpenAPIDocument", () => {
  test("returns the path as given and the text", async () => {
    const read = await readOpenAPIDocument(fixture("petstore-3.1.yaml"));
    expect(read.file).toBe(fixture("petstore-3.1.yaml"));
    expect(read.text).toMatch(/^openapi: 3\.1\.0\n/);
  });

  test("a missing file is a usage error that names the path", async () => {
    const missing = join(scratch, "missing.yaml");
    await expect(readOpenAPIDocument(missing)).rejects.toMatchObject({
      name: "KitUsageError",
      exitCode: 2,
      message: `${missing}: input file not found`,
    });
  });

  test("a directory fails generation with one line", async () => {
    const directory = join(scratch, "spec.yaml");
    await mkdir(directory);
    await expect(readOpenAPIDocument(directory)).rejects.toMatchObject({
      exitCode: 1,
      message: `${directory}: is a directory, expected a file`,
    });
  });

  test.skipIf(process.platform === "win32")("a device is not read as a document", async () => {
    await expect(readOpenAPIDocument("/dev/null")).rejects.toMatchObject({
      exitCode: 1,
      message: "/dev/null: is not a regular file",
    });
  });

  test("only .json, .yaml and .yml files are read", async () => {
    await expect(readOpenAPIDocument(fixture("openapi.txt"))).rejects.toMatchObject({
      exitCode: 1,
      message: `${fixture("openapi.txt")}: expected a .json, .yaml or .yml file`,
    });
  });

  test("a file that cannot be opened fails generation with one line", async () => {
    const looping = join(scratch, "loop.json");
    await symlink(join(scratch, "other.json"), looping);
    await symlink(looping, join(scratch, "other.json"));
    await expect(readOpenAPIDocument(looping)).rejects.toMatchObject({
      exitCode: 1,
      message: `${looping}: cannot read the file (ELOOP)`,
    });
  });
});

describe("loadOpenAPIDocument from a path", () => {
  test("reads and parses YAML, keeping the file for locations", async () => {
    const loaded = await loadOpenAPIDocument(fixture("petstore-3.1.yaml"));
    expect(loaded.file).toBe(fixture("petstore-3.1.yaml"));
    expect(Object.keys(loaded.document.paths!)).toEqual(["/pets/{petId}"]);
    expect(loaded.locate("#/components/schemas/Pet")).toEqual({
      pointer: "#/components/schemas/Pet",
      file: fixture("petstore-3.1.yaml"),
      line: 24,
    });
  });

  test("parses a .json file as JSON", async () => {
    const loaded = await loadOpenAPIDocument(fixture("petstore-3.0.json"));
    expect(loaded.document.openapi).toBe("3.0.3");
    expect(loaded.locate("#/paths/~1pets~1{petId}/get").line).toBe(6);
  });

  test("reports a missing file with exit code 2", async () => {
    await expect(loadOpenAPIDocument(join(scratch, "nope.json"))).rejects.toMatchObject({
      exitCode: 2,
    });
  });
});
