import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_MARKER } from "../../src/options.js";
import { runKit } from "../cli/run-kit.js";
import { useTempDirs } from "../write/temp-dir.js";

const tempDir = useTempDirs();
const serviceDir = path.join("src", "service");

describe("kit init, run as a child process", () => {
  it("creates service.ts, service.config.ts, index.ts and README.md in src/service with base URL /api", async () => {
    const cwd = await tempDir();
    const run = await runKit(["init"], cwd);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const dir = path.join(cwd, serviceDir);
    const files = ["README.md", "index.ts", "service.config.ts", "service.ts"];
    expect((await readdir(dir)).sort()).toEqual(files);
    for (const file of files) {
      expect(run.stdout).toContain(`created   ${path.join(serviceDir, file)}\n`);
    }
    expect(run.stdout).toMatch(/Initialized the service in src\/service \(\d+ ms\)\n$/);
    const service = await readFile(path.join(dir, "service.ts"), "utf8");
    expect(service.startsWith(`${GENERATED_MARKER}\n`)).toBe(true);
    expect(service).toContain('"/api"');
    expect(service).toContain("export const service");
    expect(await readFile(path.join(dir, "README.md"), "utf8")).not.toContain(GENERATED_MARKER);
    // The team's configuration: hand-written, imported by service.ts.
    const config = await readFile(path.join(dir, "service.config.ts"), "utf8");
    expect(config).not.toContain(GENERATED_MARKER);
    expect(config).toContain("export const options: KitServerOptions = {");
    expect(service).toContain('import { options, plugins } from "./service.config";');
  });

  it("writes --base-url and --name into service.ts under --out", async () => {
    const cwd = await tempDir();
    const run = await runKit(["init", "--out", "http", "--base-url", "/v2", "--name", "shop"], cwd);
    expect(run.code).toBe(0);
    const service = await readFile(path.join(cwd, "http", "service.ts"), "utf8");
    expect(service).toContain('"/v2"');
    expect(service).toContain('"shop"');
  });

  it("is blocked by an existing file: exit 1, the path printed, nothing written; --force overwrites", async () => {
    const cwd = await tempDir();
    await runKit(["init", "--out", "http"], cwd);
    const readme = path.join(cwd, "http", "README.md");
    await writeFile(readme, "my notes\n");
    const blocked = await runKit(["init", "--out", "http", "--base-url", "/v2"], cwd);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toBe("");
    expect(blocked.stderrLines).toHaveLength(1);
    for (const file of ["README.md", "index.ts", "service.ts"]) {
      expect(blocked.stderrLines[0]).toContain(path.join("http", file));
    }
    expect(await readFile(readme, "utf8")).toBe("my notes\n");
    expect(await readFile(path.join(cwd, "http", "service.ts"), "utf8")).toContain('"/api"');

    const forced = await runKit(["init", "--out", "http", "--base-url", "/v2", "--force"], cwd);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`changed   ${path.join("http", "README.md")}\n`);
    expect(await readFile(path.join(cwd, "http", "service.ts"), "utf8")).toContain('"/v2"');
  });

  it("exits 2 for an unknown flag and creates nothing", async () => {
    const cwd = await tempDir();
    const run = await runKit(["init", "--tags", "a"], cwd);
    expect(run.code).toBe(2);
    expect(run.stderrLines).toEqual(["kit: unknown option '--tags' (run kit --help for usage)"]);
    expect(await readdir(cwd)).toEqual([]);
  });
});
