import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/bin.js";
import type { CliIo } from "../../src/cli/io.js";
import { useTempDirs } from "../write/temp-dir.js";
import { petstore } from "./documents.js";

const tempDir = useTempDirs();

function captureIo(cwd: string): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { cwd, out, err, stdout: (line) => out.push(line), stderr: (line) => err.push(line) };
}

describe("runCli, in process", () => {
  it("resolves paths against io.cwd and reports only through io", async () => {
    const cwd = await tempDir();
    await writeFile(path.join(cwd, "openapi.json"), JSON.stringify(petstore));
    const io = captureIo(cwd);
    expect(await runCli(["generate", "-i", "openapi.json", "-o", "client"], io)).toBe(0);
    expect(io.err).toEqual([]);
    expect(io.out.at(-1)).toMatch(/^Generated 7 files in client: 7 created/);
    expect((await readdir(path.join(cwd, "client"))).sort()).toEqual([
      "apis",
      "index.ts",
      "service.ts",
      "types",
    ]);
  });

  it("resolves 2 for a usage error without touching the disk", async () => {
    const cwd = await tempDir();
    const io = captureIo(cwd);
    expect(await runCli(["generate", "--out", "client"], io)).toBe(2);
    expect(io.err).toEqual(["kit: missing --input <file> (run kit --help for usage)"]);
    expect(io.out).toEqual([]);
    expect(await readdir(cwd)).toEqual([]);
  });
});
