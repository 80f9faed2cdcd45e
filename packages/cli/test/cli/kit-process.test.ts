import { execFile } from "node:child_process";
import { mkdir, readdir, readFile, stat, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_MARKER } from "../../src/options.js";
import { useTempDirs } from "../write/temp-dir.js";
import {
  invalidYaml,
  missingPaths,
  petstore,
  refCycle,
  remoteRef,
  swagger2,
  withUntypedSchema,
} from "./documents.js";
import { KIT_BIN, PUBLISHED_KIT_BIN, runKit } from "./run-kit.js";

const tempDir = useTempDirs();

/** A project directory holding `openapi.json` (the petstore) and nothing else. */
async function project(document: object | string = petstore, name = "openapi.json") {
  const cwd = await tempDir();
  const text = typeof document === "string" ? document : JSON.stringify(document, null, 2);
  await writeFile(path.join(cwd, name), text);
  return cwd;
}

async function listTree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const petstoreFiles = [
  ".kit-client.jsonc",
  "apis/pets.api.ts",
  "apis/store.api.ts",
  "index.ts",
  "service.config.ts",
  "service.ts",
  "types/index.ts",
  "types/pets.ts",
  "types/store.ts",
];

describe("kit, run as a child process", () => {
  it("-V prints the version of the package", async () => {
    const manifest = JSON.parse(
      await readFile(new URL("../../package.json", import.meta.url), "utf8"),
    );
    const run = await runKit(["-V"], await tempDir());
    expect(run).toMatchObject({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
    expect((await runKit(["generate", "--version"], await tempDir())).stdout).toBe(run.stdout);
  });

  it("-h prints the usage with every flag", async () => {
    const run = await runKit(["-h"], await tempDir());
    expect(run.code).toBe(0);
    for (const flag of ["--input", "--out", "--base-url", "--name", "--tags", "--exclude-tags"]) {
      expect(run.stdout).toContain(flag);
    }
    for (const flag of ["--dry-run", "--check", "--force", "--clean", "--verbose", "kit init"]) {
      expect(run.stdout).toContain(flag);
    }
  });

  it.each([
    [["generate", "-i", "openapi.json", "--bogus"], "kit: unknown option '--bogus'"],
    [["frobnicate"], "kit: unknown command 'frobnicate'"],
    [["generate"], "kit: missing --input <file>"],
    [["generate", "-i", "missing.yaml"], "kit: missing.yaml: input file not found"],
    [["g", "-i", "openapi.json", "--check", "--dry-run"], "kit: --dry-run and --check"],
  ])("exits 2 for the usage error in %j, with one line and nothing written", async (args, line) => {
    const cwd = await project();
    const run = await runKit(args, cwd);
    expect(run.code).toBe(2);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toContain(line);
    expect(run.stdout).toBe("");
    expect(await readdir(cwd)).toEqual(["openapi.json"]);
  });

  it("generates into src by default, lists the files and a summary with the time", async () => {
    const cwd = await project();
    const run = await runKit(["generate", "-i", "openapi.json"], cwd);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await listTree(path.join(cwd, "src"))).toEqual(petstoreFiles);
    for (const file of petstoreFiles) {
      expect(run.stdout).toContain(`created   ${path.join("src", file)}\n`);
      const text = await readFile(path.join(cwd, "src", file), "utf8");
      // service.config.ts is the team's file: no marker, so no run overwrites or deletes it.
      expect(text.split("\n")[0] === GENERATED_MARKER).toBe(file !== "service.config.ts");
    }
    expect(run.stdout).toMatch(
      /\nGenerated 9 files in src: 9 created, 0 changed, 0 unchanged, 0 deleted \(\d+ ms\)\nNew client: 3 operations\n$/,
    );
  });

  it("leaves unchanged files untouched on the next run", async () => {
    const cwd = await project();
    await runKit(["g", "-i", "openapi.json", "-o", "client"], cwd);
    const service = path.join(cwd, "client", "service.ts");
    const past = new Date("2020-01-01T00:00:00Z");
    await utimes(service, past, past);
    const run = await runKit(["g", "-i", "openapi.json", "-o", "client"], cwd);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`unchanged ${path.join("client", "service.ts")}\n`);
    expect(run.stdout).toContain("0 created, 0 changed, 9 unchanged");
    expect((await stat(service)).mtime).toEqual(past);
  });

  it("refuses a file without the marker: exit 1, the path printed, nothing written", async () => {
    const cwd = await project();
    await mkdir(path.join(cwd, "src"));
    await writeFile(path.join(cwd, "src", "index.ts"), "export const mine = 1;\n");
    const run = await runKit(["generate", "-i", "openapi.json"], cwd);
    expect(run.code).toBe(1);
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(/^kit: refused to write 1 file, nothing written: /);
    expect(run.stderrLines[0]).toContain(path.join("src", "index.ts"));
    expect(await listTree(path.join(cwd, "src"))).toEqual(["index.ts"]);
    expect(await readFile(path.join(cwd, "src", "index.ts"), "utf8")).toBe(
      "export const mine = 1;\n",
    );

    const forced = await runKit(["generate", "-i", "openapi.json", "--force"], cwd);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`changed   ${path.join("src", "index.ts")}\n`);
  });

  it("--clean deletes what the run no longer generates and keeps hand-written files", async () => {
    const cwd = await project();
    await runKit(["generate", "-i", "openapi.json"], cwd);
    await writeFile(path.join(cwd, "src", "apis", "custom.ts"), "// hand-written\n");
    await writeFile(path.join(cwd, "src", "types", "notes.md"), "notes\n");
    await writeFile(path.join(cwd, "src", "main.ts"), `${GENERATED_MARKER}\n`);
    const run = await runKit(["generate", "-i", "openapi.json", "--tags", "pets", "--clean"], cwd);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`deleted   ${path.join("src", "apis", "store.api.ts")}\n`);
    expect(await listTree(path.join(cwd, "src"))).toEqual([
      ".kit-client.jsonc",
      "apis/custom.ts",
      "apis/pets.api.ts",
      "index.ts",
      "main.ts",
      "service.config.ts",
      "service.ts",
      "types/index.ts",
      "types/notes.md",
      "types/pets.ts",
    ]);
  });

  it("--dry-run prints the plan and writes nothing", async () => {
    const cwd = await project();
    const run = await runKit(["generate", "-i", "openapi.json", "--dry-run"], cwd);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`create    ${path.join("src", "apis", "pets.api.ts")}\n`);
    expect(run.stdout).toMatch(/Dry run, nothing written: 9 to create, 0 to change/);
    expect(await readdir(cwd)).toEqual(["openapi.json"]);
  });

  it("--check exits 1 listing the differences, and 0 once the files are up to date", async () => {
    const cwd = await project();
    const before = await runKit(["generate", "-i", "openapi.json", "--check"], cwd);
    expect(before.code).toBe(1);
    expect(before.stdout).toContain(`create    ${path.join("src", "service.ts")}\n`);
    expect(before.stderrLines).toEqual([
      "kit: 9 files in src not up to date; run the command without --check",
    ]);
    expect(await readdir(cwd)).toEqual(["openapi.json"]);

    await runKit(["generate", "-i", "openapi.json"], cwd);
    const after = await runKit(["generate", "-i", "openapi.json", "--check"], cwd);
    expect(after).toMatchObject({ code: 0, stderr: "" });
    expect(after.stdout).toMatch(/^Up to date: 9 files in src \(\d+ ms\)\n$/);

    const edited = path.join(cwd, "src", "apis", "pets.api.ts");
    await writeFile(edited, `${await readFile(edited, "utf8")}// edited\n`);
    const drifted = await runKit(["generate", "-i", "openapi.json", "--check"], cwd);
    expect(drifted.code).toBe(1);
    expect(drifted.stdout).toBe(
      `change    ${path.join("src", "apis", "pets.api.ts")}\nNo API change (3 operations)\n`,
    );
  });

  it("prints warnings on stderr and still succeeds", async () => {
    const cwd = await project(withUntypedSchema);
    const run = await runKit(["generate", "-i", "openapi.json"], cwd);
    expect(run.code).toBe(0);
    expect(run.stderrLines.length).toBeGreaterThan(0);
    for (const line of run.stderrLines) expect(line).toMatch(/^kit: warning: .*#\/paths/);
  });

  it.each([
    ["invalid JSON", "openapi.json", '{ "openapi": "3.0.3", ', /openapi\.json/],
    ["invalid YAML", "openapi.yaml", invalidYaml, /openapi\.yaml:3\b/],
    ["Swagger 2.0", "openapi.json", swagger2, /Swagger 2\.0.*convert/],
    ["a remote $ref", "openapi.json", remoteRef, /https:\/\/example\.test\/schemas\.json/],
    ["missing paths", "openapi.json", missingPaths, /paths/],
    ["a $ref cycle", "openapi.json", refCycle, /#\/components\/schemas\/[AB]/],
  ])(
    "rejects %s with one error line, exit 1 and nothing written",
    async (_, name, document, pattern) => {
      const cwd = await project(document, name);
      const run = await runKit(["generate", "-i", name], cwd);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderrLines).toHaveLength(1);
      expect(run.stderrLines[0]).toMatch(/^kit: /);
      expect(run.stderrLines[0]).toMatch(pattern);
      expect(await readdir(cwd)).toEqual([name]);
    },
  );

  it("rejects an unreadable input (a directory; chmod 000 does not stop root) with exit 1", async () => {
    const cwd = await project();
    await mkdir(path.join(cwd, "spec.yaml"));
    const run = await runKit(["generate", "-i", "spec.yaml"], cwd);
    expect(run.code).toBe(1);
    expect(run.stderrLines).toEqual([expect.stringMatching(/^kit: spec\.yaml: /)]);
    expect((await readdir(cwd)).sort()).toEqual(["openapi.json", "spec.yaml"]);
  });

  it("prints the stack of a failure only with --verbose", async () => {
    const cwd = await project(swagger2);
    const quiet = await runKit(["generate", "-i", "openapi.json"], cwd);
    const verbose = await runKit(["generate", "-i", "openapi.json", "--verbose"], cwd);
    expect(quiet.stderrLines).toHaveLength(1);
    expect(verbose.code).toBe(1);
    expect(verbose.stderrLines[0]).toBe(quiet.stderrLines[0]);
    expect(verbose.stderr).toMatch(/\n\s+at /);
  });

  it("works through a symbolic link, as npm installs it in node_modules/.bin", async () => {
    const cwd = await project();
    await mkdir(path.join(cwd, "node_modules", ".bin"), { recursive: true });
    const link = path.join(cwd, "node_modules", ".bin", "kit");
    await symlink(PUBLISHED_KIT_BIN, link);
    const version = await runKit(["-V"], cwd, link);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const generate = await runKit(["generate", "-i", "openapi.json", "-o", "out"], cwd, link);
    expect(generate.code).toBe(0);
    expect(await listTree(path.join(cwd, "out"))).toEqual(petstoreFiles);
  });

  it("publishes a bundled command that writes the same files, byte for byte, and the same lines", async () => {
    expect(PUBLISHED_KIT_BIN).not.toBe(KIT_BIN);
    const cwd = await project();
    const modules = await runKit(["generate", "-i", "openapi.json", "-o", "modules"], cwd);
    const bundled = await runKit(
      ["generate", "-i", "openapi.json", "-o", "bundled"],
      cwd,
      PUBLISHED_KIT_BIN,
    );
    expect(bundled.code).toBe(0);
    expect(bundled.stderr).toBe(modules.stderr);
    expect(bundled.stdout.replaceAll("bundled", "modules").replace(/\d+ ms/g, "")).toBe(
      modules.stdout.replace(/\d+ ms/g, ""),
    );
    for (const file of await listTree(path.join(cwd, "modules"))) {
      expect(await readFile(path.join(cwd, "bundled", file), "utf8")).toBe(
        await readFile(path.join(cwd, "modules", file), "utf8"),
      );
    }
  });

  it("does nothing when merely imported", async () => {
    const cwd = await tempDir();
    const script = `import(${JSON.stringify(KIT_BIN)}).then((kit) => console.log(typeof kit.parseArgv, typeof kit.runCli))`;
    const run = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ["-e", script], { cwd }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
    expect(run).toBe("function function\n");
  });
});
