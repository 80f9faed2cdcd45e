import { execFile } from "node:child_process";
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TSC_FLAGS } from "../../../../vitest.suite.js";
import { runCli } from "../../src/cli/run-cli.js";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { useTempDirs } from "../write/temp-dir.js";
import { captureIo } from "./capture-io.js";
import { petstore } from "./documents.js";
import { kitBinFor, runKit, UNPRIVILEGED } from "./run-kit.js";

const tempDir = useTempDirs();

/** A project folder with the petstore as openapi.json and store.json, and the given config. */
async function project(config: object | string, name = "kit.config.json", root?: string) {
  const cwd = root ?? (await tempDir());
  await writeFile(path.join(cwd, "openapi.json"), JSON.stringify(petstore));
  await writeFile(path.join(cwd, "store.json"), JSON.stringify(petstore));
  const text = typeof config === "string" ? config : JSON.stringify(config, null, 2);
  await writeFile(path.join(cwd, name), text);
  return cwd;
}

async function kit(cwd: string, ...args: string[]) {
  const io = captureIo(cwd);
  const code = await runCli(["generate", ...args], io);
  return { code, out: io.out, err: io.err };
}

const read = (cwd: string, file: string) => readFile(path.join(cwd, file), "utf8");

const twoServices = {
  envelope: "none",
  services: {
    pets: { input: "openapi.json", output: "src/pets", tags: ["pets"], baseUrl: "/pets-api" },
    store: { input: "store.json", output: "src/store", excludeTags: ["pets"] },
  },
};

describe("kit.config", () => {
  it("is found from a folder below it in the project; its paths are relative to the config file", async () => {
    const cwd = await project({ input: "openapi.json", output: "client", name: "shop" });
    await writeFile(path.join(cwd, "package.json"), "{}");
    const deeper = path.join(cwd, "web", "app");
    await mkdir(deeper, { recursive: true });
    const run = await kit(deeper);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toContainEqual(
      expect.stringMatching(/^Generated 9 files in \.\.\/\.\.\/client/),
    );
    expect(await read(cwd, "client/service.ts")).toContain('name: "shop"');
  });

  it("generates every service in one command, each with its own options", async () => {
    const cwd = await project(twoServices);
    const run = await kit(cwd);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out.filter((line) => line.startsWith("=="))).toEqual([
      `== pets: ${path.join(cwd, "openapi.json")} → src/pets`,
      `== store: ${path.join(cwd, "store.json")} → src/store`,
    ]);
    const pets = await read(cwd, "src/pets/service.ts");
    expect(pets).toContain('baseURL: "/pets-api"');
    expect(pets).toContain("envelope: false");
    expect(await read(cwd, "src/pets/index.ts")).not.toContain("storeApi");
    expect(await read(cwd, "src/store/index.ts")).not.toContain("petsApi");
  });

  it("generates one service by name, and flags override its config for the run", async () => {
    const cwd = await project(twoServices);
    const run = await kit(cwd, "pets", "--base-url", "/override", "-o", "other");
    expect(run.code).toBe(0);
    expect(await read(cwd, "other/service.ts")).toContain('baseURL: "/override"');
    await expect(read(cwd, "src/store/index.ts")).rejects.toThrow(/ENOENT/);
  });

  it("refuses -i for several services, naming them", async () => {
    const cwd = await project(twoServices);
    const run = await kit(cwd, "-i", "openapi.json");
    expect(run.code).toBe(2);
    expect(run.err).toEqual([
      "kit: --input and --out apply to one service, but kit.config.json has 2 (pets, store); name one: kit generate pets …",
    ]);
  });

  it("refuses an unknown service name with the closest one", async () => {
    const cwd = await project(twoServices);
    const run = await kit(cwd, "pet");
    expect(run.code).toBe(2);
    expect(run.err).toEqual([
      'kit: kit.config.json has no service "pet" (did you mean pets?); its services: pets, store',
    ]);
  });

  it("goes on with the other services when one fails, and exits with the worst code", async () => {
    const cwd = await project({
      services: { gone: { input: "gone.json", output: "gone" }, pets: { input: "openapi.json" } },
    });
    const run = await kit(cwd);
    expect(run.code).toBe(2);
    expect(run.err).toEqual([`kit: ${path.join(cwd, "gone.json")}: input file not found`]);
    expect(await read(cwd, "src/index.ts")).toContain("petsApi");
  });

  it.each([
    [
      { input: "openapi.json", baseURL: "/x" },
      "baseURL is not a config key (did you mean baseUrl?)",
    ],
    [
      { services: { pets: { input: "a.json", tags: "pets" } } },
      "services.pets.tags must be a non-empty list of tag names",
    ],
    [
      { services: { pets: { input: "a.json", envelope: "code" } } },
      'services.pets.envelope must be "none" or three different keys',
    ],
    [
      { services: { pets: { input: "a.json", headers: { "bad name": "x" } } } },
      "services.pets.headers.bad name is not a valid header name",
    ],
    [
      { services: { pets: { input: "a.json", timeout: -1 } } },
      "services.pets.timeout must be a number of milliseconds, at least 1",
    ],
    [
      { input: "openapi.json", maxSize: "lots" },
      'maxSize must be a number of bytes or a size such as "50mb"',
    ],
    [{ services: {} }, "services must be an object with at least one service"],
    [
      { input: "openapi.json", watch: { debounse: 1 } },
      "watch.debounse is not a config key (did you mean debounce?)",
    ],
    [
      { services: { a: { input: "openapi.json" }, b: { input: "store.json" } } },
      "services a and b both write to",
    ],
    [{ output: "x" }, "the config file sets no input, and no --input is given"],
    ['{ "input": ', "kit.config.json: cannot load the config file: "],
    ["[1]", "the default export must be an object"],
  ])("refuses %j with exit 2 naming the file and the key", async (config, message) => {
    const cwd = await project(config);
    const run = await kit(cwd);
    expect(run.code).toBe(2);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(/^kit: kit\.config\.json: /);
    expect(run.err[0]).toContain(message);
    expect(run.out).toEqual([]);
  });

  it("is not read from a folder above the project root, nor above a folder in no project", async () => {
    // Loading a JavaScript config runs it: this one would leave a file behind.
    const outside = await project(
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./ran', import.meta.url), '');\nexport default { input: 'openapi.json', output: 'hijacked', force: true };\n",
      "kit.config.mjs",
    );
    const inProject = path.join(outside, "project", "web");
    await mkdir(inProject, { recursive: true });
    await writeFile(path.join(outside, "project", "package.json"), "{}");
    const loose = path.join(outside, "loose", "work");
    await mkdir(loose, { recursive: true });
    for (const cwd of [inProject, loose]) {
      const run = await kit(cwd);
      expect(run.err).toEqual([
        "kit: missing --input <file> (or a kit.config.* file in this folder or above)",
      ]);
      expect(run.code).toBe(2);
      const withInput = await kit(cwd, "-i", path.join(outside, "openapi.json"));
      expect(withInput.code).toBe(0);
      expect(await readdir(cwd)).toContain("src");
    }
    expect(await readdir(outside)).not.toContain("ran");
    expect(await readdir(outside)).not.toContain("hijacked");
  });

  it("is not looked up when -i and -o say everything, not even in the working folder", async () => {
    const cwd = await project(
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./ran', import.meta.url), '');\nexport default { input: 'store.json', output: 'elsewhere' };\n",
      "kit.config.mjs",
    );
    const run = await kit(cwd, "-i", "openapi.json", "-o", "client");
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const entries = await readdir(cwd);
    expect(entries).toContain("client");
    expect(entries).not.toContain("ran");
    expect(entries).not.toContain("elsewhere");
    // Without -o the run still takes its output from the config file in the working folder.
    expect((await kit(cwd, "-i", "openapi.json")).code).toBe(0);
    expect(await readdir(cwd)).toContain("elsewhere");
  });

  it.runIf(UNPRIVILEGED.uid !== undefined)(
    "refuses a config file another user owns without running it; root's files and --config load",
    async () => {
      const cwd = await project(
        "import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./ran', import.meta.url), '');\nexport default { input: 'openapi.json' };\n",
        "kit.config.mjs",
      );
      // The unprivileged user may write here, so a config that ran would leave `ran` behind.
      await chmod(cwd, 0o777);
      const bin = await kitBinFor(cwd);
      const config = path.join(cwd, "kit.config.mjs");
      await chown(config, 12345, 12345);
      const refused = await runKit(["generate"], cwd, bin, UNPRIVILEGED);
      expect(refused.stderrLines).toEqual([
        `kit: ${config}: belongs to another user (uid 12345), so kit does not load it; name it with --config to use it anyway`,
      ]);
      expect(refused.code).toBe(2);
      expect(await readdir(cwd)).not.toContain("ran");
      const named = await runKit(
        ["generate", "--config", "kit.config.mjs"],
        cwd,
        bin,
        UNPRIVILEGED,
      );
      expect(named.code).toBe(0);
      expect(await readdir(cwd)).toContain("ran");
      await rm(path.join(cwd, "ran"));
      await chown(config, 0, 0);
      expect((await runKit(["generate"], cwd, bin, UNPRIVILEGED)).code).toBe(0);
      expect(await readdir(cwd)).toContain("ran");
    },
    60_000,
  );

  it("refuses two config files in one folder", async () => {
    const cwd = await project({ input: "openapi.json" });
    await writeFile(path.join(cwd, "kit.config.mjs"), "export default {};\n");
    const run = await kit(cwd);
    expect(run.code).toBe(2);
    expect(run.err[0]).toContain("kit.config.mjs and kit.config.json are both here; keep one");
  });

  it("uses the file given with --config, and a JavaScript module's default export", async () => {
    const cwd = await project(
      "export default { input: 'openapi.json', output: 'js-client' };\n",
      "setup.mjs",
    );
    const run = await kit(cwd, "--config", "setup.mjs");
    expect(run.code).toBe(0);
    expect(await read(cwd, "js-client/index.ts")).toContain("petsApi");
    const missing = await kit(cwd, "--config", "nope.json");
    expect(missing).toMatchObject({ code: 2, err: ["kit: nope.json: config file not found"] });
  });

  it("--report json prints one JSON document on stdout and the usual lines on stderr", async () => {
    const cwd = await project(twoServices);
    const run = await kit(cwd, "--report", "json");
    expect(run.code).toBe(0);
    expect(run.out).toHaveLength(1);
    const report = JSON.parse(run.out[0]!);
    expect(report.exitCode).toBe(0);
    expect(report.services.map((service: { service: string }) => service.service)).toEqual([
      "pets",
      "store",
    ]);
    expect(report.services[0]).toMatchObject({
      output: "src/pets",
      exitCode: 0,
      files: { create: 7, change: 0 },
      changes: { before: 0, after: 2, breaking: 0 },
    });
    // A new client's text report is one line; the JSON report still lists every operation.
    expect(report.services[0].changes.added).toHaveLength(2);
    expect(run.err).toContain("New client: 2 operations");
    expect(run.err).toContainEqual(expect.stringMatching(/^Generated 7 files in src\/pets/));
  });
});

describe("a TypeScript config file", () => {
  const scratch: string[] = [];
  afterEach(async () => {
    await Promise.all(scratch.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("is loaded (jiti), with defineConfig imported from @kit/cli and typed", async () => {
    await mkdir(SCRATCH_DIR, { recursive: true });
    const cwd = await mkdtemp(path.join(SCRATCH_DIR, "config-"));
    scratch.push(cwd);
    const config = `import { defineConfig, type ServiceConfig } from "@kit/cli";

const pets: ServiceConfig = { input: "openapi.json", output: "ts-client", tags: ["pets"] };

export default defineConfig({ services: { pets }, envelope: "none" });
`;
    await project(config, "kit.config.ts", cwd);
    const run = await runKit(["generate"], cwd);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await read(cwd, "ts-client/service.ts")).toContain("envelope: false");

    const tsc = path.resolve(SCRATCH_DIR, "../../../node_modules/typescript/bin/tsc");
    const check = (file: string) =>
      new Promise<string>((resolve) => {
        const flags = [
          "--ignoreConfig",
          "--noEmit",
          "--strict",
          "--module",
          "preserve",
          "--moduleResolution",
          "bundler",
          "--target",
          "ES2022",
          "--types",
          "",
          ...TSC_FLAGS,
          file,
        ];
        execFile(process.execPath, [tsc, ...flags], { cwd }, (_error, stdout) => resolve(stdout));
      });
    expect(await check("kit.config.ts")).toBe("");
    await writeFile(path.join(cwd, "wrong.ts"), config.replace('tags: ["pets"]', 'tagz: ["pets"]'));
    expect(await check("wrong.ts")).toContain("'tagz' does not exist in type 'ServiceConfig'");
  });
});
