import { spawn } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isKitGenerateError } from "../../src/errors.js";
import { LOCK_FILE, withOutputLock } from "../../src/write/output-lock.js";
import { petstore } from "../cli/documents.js";
import { runKit } from "../cli/run-kit.js";
import { snapshot } from "../support/tree-snapshot.js";
import { useTempDirs } from "./temp-dir.js";

const tempDir = useTempDirs();

/** The petstore with its `pets` tag renamed, so a --clean run of one deletes files of the other. */
const renamed = JSON.parse(JSON.stringify(petstore).replaceAll('"pets"', '"animals"'));

/** Names below `directory` that a finished run must not leave: staged files and locks. */
async function leftovers(directory: string): Promise<string[]> {
  const names = await readdir(directory, { recursive: true });
  return names.filter((name) => name.endsWith(".tmp") || name.includes(LOCK_FILE));
}

async function generatedTree(document: object): Promise<Record<string, string>> {
  const dir = await tempDir();
  await writeFile(path.join(dir, "api.json"), JSON.stringify(document));
  expect((await runKit(["generate", "-i", "api.json", "-o", "out"], dir)).code).toBe(0);
  return snapshot(path.join(dir, "out"));
}

describe("concurrent kit generate --clean runs on one folder", () => {
  it("all complete, take turns, and leave one whole tree without staged files or locks", async () => {
    const trees = [await generatedTree(petstore), await generatedTree(renamed)];
    const dir = await tempDir();
    await writeFile(path.join(dir, "a.json"), JSON.stringify(petstore));
    await writeFile(path.join(dir, "b.json"), JSON.stringify(renamed));
    for (let round = 0; round < 2; round++) {
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          runKit(
            ["generate", "-i", index % 2 === 0 ? "a.json" : "b.json", "-o", "out", "--clean"],
            dir,
          ),
        ),
      );
      for (const run of runs)
        expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
      const out = path.join(dir, "out");
      expect(await leftovers(out)).toEqual([]);
      expect(trees).toContainEqual(await snapshot(out));
    }
  }, 120_000);
});

describe("the output lock", () => {
  it("makes a second writer wait, then fail with one line naming the lock and its holder", async () => {
    const out = await tempDir();
    let entered = false;
    const failure = await withOutputLock(out, () =>
      withOutputLock(
        out,
        async () => {
          entered = true;
        },
        { waitMs: 200 },
      ),
    ).catch((error: unknown) => error);
    expect(entered).toBe(false);
    expect(isKitGenerateError(failure)).toBe(true);
    expect((failure as Error).message).toBe(
      `${path.join(out, LOCK_FILE)}: another kit generate (process ${process.pid}) is writing to this folder; if it is not running, delete the file`,
    );
    expect(await readdir(out)).toEqual([]);
  });

  it("is taken over from a run that was killed, and removed afterwards", async () => {
    const dir = await tempDir();
    const out = path.join(dir, "out");
    await mkdir(out);
    await writeFile(path.join(out, LOCK_FILE), `${await exitedProcessId()} 0123456789abcdef\n`);
    await writeFile(path.join(dir, "api.json"), JSON.stringify(petstore));
    const run = await runKit(["generate", "-i", "api.json", "-o", "out"], dir);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(await leftovers(out)).toEqual([]);
    expect(await readdir(out)).toContain("service.ts");
  });
});

/** The id of a child process that has exited. */
async function exitedProcessId(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}
