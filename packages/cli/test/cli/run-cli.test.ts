import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/bin.js";
import { useTempDirs } from "../write/temp-dir.js";
import { captureIo } from "./capture-io.js";
import { petstore } from "./documents.js";

const tempDir = useTempDirs();

describe("runCli, in process", () => {
  it("resolves paths against io.cwd and reports only through io", async () => {
    const cwd = await tempDir();
    await writeFile(path.join(cwd, "openapi.json"), JSON.stringify(petstore));
    const io = captureIo(cwd);
    expect(await runCli(["generate", "-i", "openapi.json", "-o", "client"], io)).toBe(0);
    expect(io.err).toEqual([]);
    expect(io.out.at(-2)).toMatch(/^Generated 9 files in client: 9 created/);
    expect(io.out.at(-1)).toBe("New client: 3 operations");
    expect((await readdir(path.join(cwd, "client"))).sort()).toEqual([
      ".kit-client.jsonc",
      "apis",
      "index.ts",
      "service.config.ts",
      "service.ts",
      "types",
    ]);
  });

  it("resolves 2 for a usage error without touching the disk", async () => {
    const cwd = await tempDir();
    const io = captureIo(cwd);
    expect(await runCli(["generate", "--out", "client"], io)).toBe(2);
    expect(io.err).toEqual([
      "kit: missing --input <file> (or a kit.config.* file in this folder or above)",
    ]);
    expect(io.out).toEqual([]);
    expect(await readdir(cwd)).toEqual([]);
  });

  it("prints a command-line usage error and a config-file one the same way: one line, exit 2", async () => {
    const cwd = await tempDir();
    const io = captureIo(cwd);
    expect(await runCli(["generate", "--timeout", "soon"], io)).toBe(2);
    await writeFile(path.join(cwd, "kit.config.json"), JSON.stringify({ input: 7 }));
    expect(await runCli(["generate"], io)).toBe(2);
    expect(io.err).toEqual([
      'kit: --timeout must be a number of milliseconds, at least 1; got "soon" (run kit --help for usage)',
      "kit: kit.config.json: input must be a non-empty string",
    ]);
  });

  it("keeps a usage error on one line when the argument holds terminal escapes", async () => {
    const io = captureIo(await tempDir());
    expect(await runCli(["gen\u001b[2Jerate"], io)).toBe(2);
    expect(io.err).toEqual([
      "kit: unknown command 'gen\\u001b[2Jerate' (run kit --help for usage)",
    ]);
  });
});
