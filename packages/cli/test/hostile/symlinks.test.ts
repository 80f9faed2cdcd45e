import { chmod, chown, mkdir, readdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_MARKER } from "../../src/options.js";
import { petstore } from "../cli/documents.js";
import { type KitRun, kitBinFor, runKit, UNPRIVILEGED } from "../cli/run-kit.js";
import { snapshot } from "../support/tree-snapshot.js";
import { useTempDirs } from "../write/temp-dir.js";

const tempDir = useTempDirs();

/** A project with the document, an empty `out/` and, beside it, a directory the run must not touch. */
async function project(): Promise<{ dir: string; outside: string; out: string }> {
  const dir = await tempDir();
  const outside = path.join(dir, "outside");
  const out = path.join(dir, "out");
  await mkdir(outside);
  await mkdir(out);
  await writeFile(path.join(dir, "openapi.json"), JSON.stringify(petstore));
  // Marked as generated, so a --clean that followed a link would delete it.
  await writeFile(path.join(outside, "victim.ts"), `${GENERATED_MARKER}\nexport const keep = 1;\n`);
  return { dir, outside, out };
}

/** Runs `kit generate` with the flag of the test's label, if the label is one. */
const generate = (dir: string, label = "") =>
  runKit(
    ["generate", "-i", "openapi.json", "-o", "out", ...(label.startsWith("--") ? [label] : [])],
    dir,
  );

const FLAGS = ["without flags", "--clean", "--force"];

describe("a symbolic link inside --out that points outside", () => {
  it.each(FLAGS)(
    "as the apis/ directory is refused, and nothing outside changes (%s)",
    async (flag) => {
      const { dir, outside, out } = await project();
      await symlink(outside, path.join(out, "apis"));
      const before = await snapshot(outside);
      const run = await generate(dir, flag);
      expect(await snapshot(outside)).toEqual(before);
      expect(run.code).toBe(1);
      expect(run.stderrLines).toHaveLength(1);
      expect(run.stderrLines[0]).toContain("apis");
    },
  );

  it.each(FLAGS)(
    "as service.ts is refused, and its target keeps its contents (%s)",
    async (flag) => {
      const { dir, outside, out } = await project();
      await symlink(path.join(outside, "victim.ts"), path.join(out, "service.ts"));
      const before = await snapshot(outside);
      const run = await generate(dir, flag);
      expect(await snapshot(outside)).toEqual(before);
      expect(run.code).toBe(1);
      expect(run.stderrLines[0]).toContain("service.ts");
    },
  );

  it("as a stale file under types/ survives --clean with its target", async () => {
    const { dir, outside, out } = await project();
    await mkdir(path.join(out, "types"));
    await symlink(path.join(outside, "victim.ts"), path.join(out, "types", "old.ts"));
    const before = await snapshot(outside);
    const run = await generate(dir, "--clean");
    expect(run.stderr).toBe("");
    expect(await snapshot(outside)).toEqual(before);
  });
});

/**
 * Hands the project, with a copy of the command it can run, to the unprivileged user, so its
 * permission bits bind `kit generate`; returns that run, to be started once the bits are set.
 */
async function handOver(directory: string): Promise<() => Promise<KitRun>> {
  const bin = await kitBinFor(directory);
  if (UNPRIVILEGED.uid !== undefined) {
    await chown(directory, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
    for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
      await chown(path.join(entry.parentPath, entry.name), UNPRIVILEGED.uid, UNPRIVILEGED.gid);
    }
  }
  return () =>
    runKit(["generate", "-i", "openapi.json", "-o", "out"], directory, bin, UNPRIVILEGED);
}

describe("permissions", () => {
  it("a read-only output directory fails with one line naming it and leaves no file", async () => {
    const { dir, out } = await project();
    await mkdir(path.join(out, "apis"));
    const generateAsUser = await handOver(dir);
    await chmod(path.join(out, "apis"), 0o555);
    try {
      const run = await generateAsUser();
      expect(run.code).toBe(1);
      expect(run.stderrLines).toHaveLength(1);
      expect(run.stderrLines[0]).toMatch(/apis/);
      expect(await readdir(path.join(out, "apis"))).toEqual([]);
    } finally {
      await chmod(path.join(out, "apis"), 0o755);
    }
  });

  it("a read-only directory met late in the run leaves the whole output as it was", async () => {
    const { dir, out } = await project();
    await writeFile(path.join(out, "service.ts"), `${GENERATED_MARKER}\nexport const old = 1;\n`);
    await mkdir(path.join(out, "types"));
    const generateAsUser = await handOver(dir);
    await chmod(path.join(out, "types"), 0o555);
    try {
      const run = await generateAsUser();
      expect(run.code).toBe(1);
      expect(run.stderrLines).toHaveLength(1);
      expect(run.stderrLines[0]).toMatch(/types/);
      // apis/, index.ts and the new service.ts come before types/ and were staged, then discarded.
      expect(await snapshot(out)).toEqual({
        "service.ts": `${GENERATED_MARKER}\nexport const old = 1;\n`,
      });
      expect((await readdir(out)).sort()).toEqual(["service.ts", "types"]);
    } finally {
      await chmod(path.join(out, "types"), 0o755);
    }
  });

  it("an input file without read permission fails with one line and writes nothing", async () => {
    const { dir, out } = await project();
    const generateAsUser = await handOver(dir);
    await chmod(path.join(dir, "openapi.json"), 0o000);
    const run = await generateAsUser();
    expect(run.code).toBe(1);
    expect(run.stderrLines).toEqual(["kit: openapi.json: cannot read the file (EACCES)"]);
    expect(await readdir(out)).toEqual([]);
  });

  it("where a directory is expected, a file is refused before anything is written", async () => {
    const { dir, out } = await project();
    await writeFile(path.join(out, "types"), "hand-written\n");
    const run = await generate(dir);
    expect(run.code).toBe(1);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toContain("types");
    expect(await snapshot(out)).toEqual({ types: "hand-written\n" });
  });
});
