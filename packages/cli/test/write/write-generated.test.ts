import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_MARKER } from "../../src/options.js";
import { WriteRefusedError } from "../../src/write/refused-error.js";
import { writeGenerated } from "../../src/write/write-generated.js";
import { useTempDirs } from "./temp-dir.js";

const tempDir = useTempDirs();
const generated = (body: string) => `${GENERATED_MARKER}\n${body}\n`;

const result = {
  files: [
    { path: "apis/pet.api.ts", contents: generated("pet") },
    { path: "index.ts", contents: generated("index") },
    { path: "service.ts", contents: generated("service") },
    { path: "types/index.ts", contents: generated("types") },
  ],
  warnings: [],
};

describe("writeGenerated", () => {
  it("writes every file, creating directories, and returns the written paths", async () => {
    const out = await tempDir();
    const written = await writeGenerated(result, out);
    expect(written).toEqual(result.files.map((file) => path.join(out, file.path)));
    expect(await readFile(path.join(out, "apis", "pet.api.ts"), "utf8")).toBe(generated("pet"));
    expect(await readdir(path.join(out, "apis"))).toEqual(["pet.api.ts"]);
  });

  it("writes a file whose name is 253 characters long: the staging name beside it fits too", async () => {
    const out = await tempDir();
    const name = `${"b".repeat(250)}.ts`;
    const long = { files: [{ path: `types/${name}`, contents: generated("long") }], warnings: [] };
    expect(await writeGenerated(long, out)).toEqual([path.join(out, "types", name)]);
    expect(await readdir(path.join(out, "types"))).toEqual([name]);
  });

  it("does not rewrite unchanged files, so their modification time stays", async () => {
    const out = await tempDir();
    await writeGenerated(result, out);
    const service = path.join(out, "service.ts");
    const past = new Date("2020-01-01T00:00:00Z");
    await utimes(service, past, past);
    const changed = { ...result, files: [...result.files] };
    changed.files[0] = { path: "apis/pet.api.ts", contents: generated("pet v2") };
    expect(await writeGenerated(changed, out)).toEqual([path.join(out, "apis", "pet.api.ts")]);
    expect((await stat(service)).mtime).toEqual(past);
  });

  it("writes nothing when one file is refused, and names every refused path", async () => {
    const out = await tempDir();
    await writeFile(path.join(out, "index.ts"), "// mine\n");
    await writeFile(path.join(out, "service.ts"), "// mine too\n");
    const failure = await writeGenerated(result, out).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WriteRefusedError);
    const refused = failure as WriteRefusedError;
    expect(refused.exitCode).toBe(1);
    expect(refused.refused.map((entry) => entry.path)).toEqual(["index.ts", "service.ts"]);
    expect(refused.message).toContain(path.join(out, "index.ts"));
    expect(refused.message).toContain(path.join(out, "service.ts"));
    expect((await readdir(out)).sort()).toEqual(["index.ts", "service.ts"]);
    expect(await readFile(path.join(out, "index.ts"), "utf8")).toBe("// mine\n");
  });

  it("overwrites files without the marker when forced", async () => {
    const out = await tempDir();
    await writeFile(path.join(out, "index.ts"), "// mine\n");
    await writeGenerated(result, out, { force: true });
    expect(await readFile(path.join(out, "index.ts"), "utf8")).toBe(generated("index"));
  });

  it("leaves no temporary files behind", async () => {
    const out = await tempDir();
    await writeGenerated(result, out);
    await writeGenerated(
      { ...result, files: result.files.map((f) => ({ ...f, contents: `${f.contents}\n` })) },
      out,
    );
    expect((await readdir(out)).sort()).toEqual(["apis", "index.ts", "service.ts", "types"]);
    expect(await readdir(path.join(out, "types"))).toEqual(["index.ts"]);
  });

  it("with clean, deletes stale generated files, keeps hand-written ones, removes emptied directories", async () => {
    const out = await tempDir();
    await writeGenerated(
      {
        files: [
          ...result.files,
          { path: "apis/store.api.ts", contents: generated("store") },
          { path: "types/store/order.ts", contents: generated("order") },
        ],
        warnings: [],
      },
      out,
    );
    await writeFile(path.join(out, "apis", "custom.ts"), "// hand-written\n");
    await mkdir(path.join(out, "types", "empty-before"));
    await writeGenerated(result, out, { clean: true });
    expect((await readdir(path.join(out, "apis"))).sort()).toEqual(["custom.ts", "pet.api.ts"]);
    expect((await readdir(path.join(out, "types"))).sort()).toEqual(["empty-before", "index.ts"]);
  });

  it("with clean and nothing left, removes the emptied owned directory but never the output directory", async () => {
    const out = await tempDir();
    await writeGenerated(
      { files: [{ path: "apis/a.api.ts", contents: generated("a") }], warnings: [] },
      out,
    );
    await writeGenerated({ files: [], warnings: [] }, out, { clean: true });
    expect(await readdir(out)).toEqual([]);
  });
});
