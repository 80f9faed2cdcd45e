import { spawn } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDirs } from "../write/temp-dir.js";
import { petstore } from "./documents.js";
import { KIT_BIN, runKit } from "./run-kit.js";

const tempDir = useTempDirs();

async function project() {
  const cwd = await tempDir();
  await writeFile(path.join(cwd, "openapi.json"), JSON.stringify(petstore));
  return cwd;
}

async function snapshotTree(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(root, file)] = await readFile(file, "utf8");
  }
  return files;
}

/** Runs kit with its stdout closed by the reader before kit writes a line, as `| head -0` would. */
function runWithClosedStdout(args: readonly string[], cwd: string) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [KIT_BIN, ...args], { cwd });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("mistakes that cost work", () => {
  it("a tag filter matching no tag exits 2, naming the closest tag, and --clean deletes nothing", async () => {
    const cwd = await project();
    expect((await runKit(["g", "-i", "openapi.json"], cwd)).code).toBe(0);
    const before = await snapshotTree(path.join(cwd, "src"));
    const run = await runKit(["g", "-i", "openapi.json", "--tags", "Pets", "--clean"], cwd);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderrLines).toEqual([
      'kit: openapi.json: --tags "Pets" matches no operation\'s tag (did you mean "pets"?); the document\'s tags: "pets", "store"',
    ]);
    expect(await snapshotTree(path.join(cwd, "src"))).toEqual(before);
  });

  it("an excluded tag that does not exist is refused the same way", async () => {
    const cwd = await project();
    const run = await runKit(["g", "-i", "openapi.json", "--exclude-tags", "stroe"], cwd);
    expect(run.code).toBe(2);
    expect(run.stderrLines[0]).toContain(
      '--exclude-tags "stroe" matches no operation\'s tag (did you mean "store"?)',
    );
    expect(await readdir(cwd)).toEqual(["openapi.json"]);
  });

  it("names no closest tag when none is near", async () => {
    const cwd = await project();
    const run = await runKit(["g", "-i", "openapi.json", "--tags", "pets,billing"], cwd);
    expect(run.code).toBe(2);
    expect(run.stderrLines).toEqual([
      'kit: openapi.json: --tags "billing" matches no operation\'s tag; the document\'s tags: "pets", "store"',
    ]);
  });

  it("a repeated -i is a usage error that says how to generate several services", async () => {
    const cwd = await project();
    const run = await runKit(["g", "-i", "openapi.json", "-i", "other.yaml"], cwd);
    expect(run.code).toBe(2);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toContain(
      "--input is given 2 times (openapi.json, other.yaml); a run reads one document",
    );
    expect(run.stderrLines[0]).toContain("several services");
    expect(await readdir(cwd)).toEqual(["openapi.json"]);
  });

  it("a closed stdout is not a crash: kit generate still writes everything and exits 0", async () => {
    const cwd = await project();
    const run = await runWithClosedStdout(["g", "-i", "openapi.json"], cwd);
    expect(run).toEqual({ code: 0, stderr: "" });
    expect(Object.keys(await snapshotTree(path.join(cwd, "src")))).toHaveLength(9);
  });

  it("a closed stdout during --help exits 0 without a stack trace", async () => {
    const run = await runWithClosedStdout(["--help"], await tempDir());
    expect(run).toEqual({ code: 0, stderr: "" });
  });

  it("a closed stdout keeps the exit code of a failed generation", async () => {
    const cwd = await project();
    const run = await runWithClosedStdout(["g", "-i", "missing.json"], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("kit: missing.json: input file not found\n");
  });
});
