import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_MARKER } from "../../src/options.js";
import { planWrite } from "../../src/write/plan.js";
import { useTempDirs } from "./temp-dir.js";

const tempDir = useTempDirs();
const generated = (body: string) => `${GENERATED_MARKER}\n${body}\n`;

async function put(root: string, relative: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), text);
}

function actions(plan: Awaited<ReturnType<typeof planWrite>>) {
  return plan.entries.map((entry) => [entry.action, entry.path]);
}

describe("planWrite", () => {
  it("decides create, change, unchanged and refuse per file from what is on disk", async () => {
    const out = await tempDir();
    await put(out, "service.ts", generated("same"));
    await put(out, "index.ts", generated("old"));
    await put(out, "types/index.ts", "// my own barrel\n");
    const plan = planWrite(
      {
        files: [
          { path: "apis/pet.api.ts", contents: generated("pet") },
          { path: "index.ts", contents: generated("new") },
          { path: "service.ts", contents: generated("same") },
          { path: "types/index.ts", contents: generated("types") },
        ],
        warnings: [],
      },
      out,
    );
    expect(plan.outDir).toBe(out);
    expect(actions(plan)).toEqual([
      ["create", "apis/pet.api.ts"],
      ["change", "index.ts"],
      ["unchanged", "service.ts"],
      ["refuse", "types/index.ts"],
    ]);
    expect(plan.entries[0]?.target).toBe(path.join(out, "apis", "pet.api.ts"));
  });

  it("refuses every path that would leave the output directory", async () => {
    const out = await tempDir();
    const escaping = ["../outside.ts", "apis/../../x.ts", "/etc/passwd", "apis\\..\\..\\x.ts", ""];
    const plan = planWrite(
      { files: escaping.map((file) => ({ path: file, contents: "x" })), warnings: [] },
      out,
    );
    for (const entry of plan.entries) {
      expect(entry).toMatchObject({
        action: "refuse",
        reason: "resolves outside the output directory",
      });
    }
  });

  it("with clean, deletes stale generated files only inside apis/, types/, service.ts, index.ts", async () => {
    const out = await tempDir();
    await put(out, "apis/pet.api.ts", generated("pet"));
    await put(out, "apis/store.api.ts", generated("stale"));
    await put(out, "apis/nested/old.api.ts", generated("stale"));
    await put(out, "apis/custom.ts", "// hand-written\n");
    await put(out, "types/store.ts", generated("stale"));
    await put(out, "index.ts", generated("stale"));
    await put(out, "other/generated.ts", generated("not ours to clean"));
    await put(out, "helpers.ts", generated("not ours to clean"));
    const result = {
      files: [{ path: "apis/pet.api.ts", contents: generated("pet") }],
      warnings: [],
    };
    const plan = planWrite(result, out, { clean: true });
    expect(actions(plan)).toEqual([
      ["unchanged", "apis/pet.api.ts"],
      ["delete", "apis/nested/old.api.ts"],
      ["delete", "apis/store.api.ts"],
      ["delete", "index.ts"],
      ["delete", "types/store.ts"],
    ]);
    expect(actions(planWrite(result, out))).toEqual([["unchanged", "apis/pet.api.ts"]]);
  });

  it("with clean, never follows a symbolic link out of the output directory", async () => {
    const outside = await tempDir();
    await put(outside, "victim.ts", generated("outside"));
    await put(outside, "dir/victim.ts", generated("outside"));
    const out = await tempDir();
    await mkdir(path.join(out, "apis"));
    await symlink(path.join(outside, "victim.ts"), path.join(out, "apis", "link.api.ts"));
    await symlink(path.join(outside, "dir"), path.join(out, "apis", "linked-dir"));
    await symlink(path.join(outside, "dir"), path.join(out, "types"));
    await symlink(path.join(outside, "victim.ts"), path.join(out, "service.ts"));
    const plan = planWrite({ files: [], warnings: [] }, out, { clean: true });
    expect(plan.entries).toEqual([]);
  });

  it("refuses to write through a symbolic link", async () => {
    const outside = await tempDir();
    await put(outside, "victim.ts", generated("outside"));
    const out = await tempDir();
    await symlink(path.join(outside, "victim.ts"), path.join(out, "service.ts"));
    const plan = planWrite(
      { files: [{ path: "service.ts", contents: generated("new") }], warnings: [] },
      out,
      { force: true },
    );
    expect(plan.entries[0]).toMatchObject({ action: "refuse", reason: "is a symbolic link" });
  });

  it("refuses every file below a linked directory, and only those", async () => {
    const outside = await tempDir();
    const out = await tempDir();
    await symlink(outside, path.join(out, "apis"));
    const files = ["apis/pet.api.ts", "apis/store.api.ts", "apis/v2/user.api.ts", "types/pet.ts"];
    const plan = planWrite(
      { files: files.map((file) => ({ path: file, contents: generated(file) })), warnings: [] },
      out,
      { force: true },
    );
    expect(plan.entries.map((entry) => [entry.action, entry.path, entry.reason])).toEqual([
      ["refuse", "apis/pet.api.ts", "is inside apis, a symbolic link"],
      ["refuse", "apis/store.api.ts", "is inside apis, a symbolic link"],
      ["refuse", "apis/v2/user.api.ts", "is inside apis, a symbolic link"],
      ["create", "types/pet.ts", undefined],
    ]);
  });
});
