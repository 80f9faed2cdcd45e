import { mkdir, readdir, rename, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { GENERATED_MARKER } from "../../src/options.js";
import { applyWritePlan } from "../../src/write/apply.js";
import { commitStagedFiles, stageFile } from "../../src/write/atomic-write.js";
import { planWrite } from "../../src/write/plan.js";
import { writeGenerated } from "../../src/write/write-generated.js";
import { petstore } from "../cli/documents.js";
import { snapshot } from "../support/tree-snapshot.js";
import { useTempDirs } from "../write/temp-dir.js";

const tempDir = useTempDirs();

const HAND_WRITTEN = "export const mine = 1;\n";

/**
 * An output folder holding the petstore client, and beside it a folder the run must not touch,
 * holding a hand-written file under each name the run writes into `types/`.
 */
async function project() {
  const dir = await tempDir();
  const out = path.join(dir, "out");
  const outside = path.join(dir, "outside");
  await writeGenerated(await generateFromOpenAPI(petstore), out);
  await mkdir(outside);
  for (const name of await readdir(path.join(out, "types"))) {
    await writeFile(path.join(outside, name), HAND_WRITTEN);
  }
  await writeFile(path.join(outside, "old.ts"), `${GENERATED_MARKER}\nexport const old = 1;\n`);
  return { out, outside };
}

/** The petstore client with one more line in every file, so that every file changes. */
async function changedResult() {
  const result = await generateFromOpenAPI(petstore);
  const files = result.files.map((file) => ({ ...file, contents: `${file.contents}// v2\n` }));
  return { ...result, files };
}

/** Moves `out/types` aside and puts a symbolic link to `outside` in its place. */
async function swapForLink(out: string, outside: string): Promise<void> {
  await rename(path.join(out, "types"), path.join(out, "types-moved"));
  await symlink(outside, path.join(out, "types"));
}

async function stagedFiles(directory: string): Promise<string[]> {
  const names = await readdir(directory, { recursive: true });
  return names.filter((name) => name.endsWith(".tmp"));
}

describe("a folder swapped for a symbolic link while a run writes", () => {
  it("after planning: the run stops with one line, nothing outside changes, nothing is half written", async () => {
    const { out, outside } = await project();
    const plan = planWrite(await changedResult(), out);
    const before = await snapshot(out);
    const outsideBefore = await snapshot(outside);
    await swapForLink(out, outside);
    let failure: unknown;
    try {
      applyWritePlan(plan);
    } catch (error) {
      failure = error;
    }
    expect((failure as Error).message).toBe(
      `${path.join(out, "types")}: is a symbolic link; the output folder changed during the run, so the run stopped`,
    );
    expect(await snapshot(outside)).toEqual(outsideBefore);
    await rename(path.join(out, "types"), path.join(out, "types-link"));
    await rename(path.join(out, "types-moved"), path.join(out, "types"));
    expect(await snapshot(out)).toEqual(before);
    expect(await stagedFiles(out)).toEqual([]);
  });

  it("after staging: no file is renamed through the link", async () => {
    const { out, outside } = await project();
    const outsideBefore = await snapshot(outside);
    const staged = [
      stageFile(path.join(out, "service.ts"), "// new service\n", out),
      stageFile(path.join(out, "types", "pets.ts"), "// new pets\n", out),
    ];
    await swapForLink(out, outside);
    expect(() => commitStagedFiles(staged, out)).toThrow(
      "is a symbolic link; the output folder changed",
    );
    expect(await snapshot(outside)).toEqual(outsideBefore);
    expect(await snapshot(out)).not.toHaveProperty("service.ts", "// new service\n");
  });

  it("before a stale file is deleted: --clean deletes nothing through the link", async () => {
    const { out, outside } = await project();
    await writeFile(
      path.join(out, "types", "old.ts"),
      `${GENERATED_MARKER}\nexport const old = 1;\n`,
    );
    const plan = planWrite(await changedResult(), out, { clean: true });
    expect(
      plan.entries.filter((entry) => entry.action === "delete").map((entry) => entry.path),
    ).toEqual(["types/old.ts"]);
    const outsideBefore = await snapshot(outside);
    await swapForLink(out, outside);
    expect(() => applyWritePlan(plan)).toThrow(/is a symbolic link/);
    expect(await snapshot(outside)).toEqual(outsideBefore);
  });
});
