import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useDocumentServer } from "../support/document-server.js";
import { useTempDirs } from "../write/temp-dir.js";
import { petstore } from "./documents.js";
import { KIT_BIN } from "./run-kit.js";

const tempDir = useTempDirs();
const startServer = useDocumentServer();
const running: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** `kit generate --watch` as a child process, with a way to wait for its output. */
function watch(cwd: string) {
  const child = spawn(process.execPath, [KIT_BIN, "generate", "--watch"], { cwd });
  running.push(child);
  let stdout = "";
  let stderr = "";
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
    wake();
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
    wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  /** Resolves once stdout (or stderr) has `count` matches of `pattern`, counting from the start. */
  const waitFor = async (pattern: RegExp, count = 1, stream: "stdout" | "stderr" = "stdout") => {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    const deadline = Date.now() + 15_000;
    while (((stream === "stdout" ? stdout : stderr).match(global) ?? []).length < count) {
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`waited for ${pattern} ×${count}; stdout:\n${stdout}\nstderr:\n${stderr}`);
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return {
    waitFor,
    output: () => ({ stdout, stderr }),
    stop: async () => {
      child.kill("SIGINT");
      return exited;
    },
    alive: () => child.exitCode === null,
  };
}

const withOperation = {
  ...petstore,
  paths: {
    ...petstore.paths,
    "/pets/{petId}/photos": {
      get: {
        operationId: "listPhotos",
        tags: ["pets"],
        parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "204": { description: "none" } },
      },
    },
  },
};

describe("kit generate --watch", () => {
  it("regenerates on change, survives a broken or deleted document and a config edit, stops on Ctrl-C", async () => {
    const cwd = await tempDir();
    const document = path.join(cwd, "openapi.json");
    const config = path.join(cwd, "kit.config.json");
    await writeFile(document, JSON.stringify(petstore));
    await writeFile(config, JSON.stringify({ input: "openapi.json", watch: { debounce: 30 } }));
    const kit = watch(cwd);
    await kit.waitFor(/^Watching openapi\.json, kit\.config\.json \(Ctrl-C stops\)$/m);
    await kit.waitFor(/^New client: 3 operations$/m);
    const storeTypes = path.join(cwd, "src", "types", "store.ts");
    const storeTime = (await stat(storeTypes)).mtimeMs;

    await writeFile(document, JSON.stringify(withOperation));
    await kit.waitFor(
      /^API changes: 1 added, 0 removed, 0 changed; 0 breaking \(3 → 4 operations\)$/m,
    );
    expect(kit.output().stdout).toContain("Changed: openapi.json\n");
    expect(kit.output().stdout).toContain(`changed   ${path.join("src", "apis", "pets.api.ts")}\n`);
    expect(kit.output().stdout).not.toContain("unchanged ");
    expect((await stat(storeTypes)).mtimeMs).toBe(storeTime);

    await writeFile(document, '{ "openapi": "3.0.3", ');
    await kit.waitFor(/^kit: openapi\.json/m, 1, "stderr");
    expect(kit.alive()).toBe(true);
    await writeFile(document, JSON.stringify(petstore));
    await kit.waitFor(/\[breaking\]/m);
    expect(kit.output().stdout).toContain(
      "  - GET /pets/:petId/photos  PetsApi.listPhotos  [breaking]",
    );

    await unlink(document);
    await kit.waitFor(/^kit: openapi\.json: input file not found$/m, 1, "stderr");
    await writeFile(document, JSON.stringify(withOperation));
    await kit.waitFor(/^API changes: 1 added/m, 2);

    await writeFile(config, JSON.stringify({ input: "openapi.json", baseUrl: "/v9" }));
    await kit.waitFor(/^Changed: kit\.config\.json$/m);
    await kit.waitFor(/^changed {3}src\/service\.ts$/m);
    expect(await readFile(path.join(cwd, "src", "service.ts"), "utf8")).toContain('"/v9"');

    await writeFile(config, '{ "input": 1 }');
    await kit.waitFor(/^kit: kit\.config\.json: input must be a non-empty string$/m, 1, "stderr");
    expect(kit.alive()).toBe(true);

    expect(await kit.stop()).toBe(0);
    expect(kit.output().stdout).toMatch(/Stopped watching\n$/);
  });

  it("polls a URL with If-None-Match and regenerates when the document changes", async () => {
    const server = await startServer(JSON.stringify(petstore));
    const cwd = await tempDir();
    const input = `${server.url}/v3/api-docs`;
    await writeFile(
      path.join(cwd, "kit.config.json"),
      JSON.stringify({ input, watch: { interval: 50 } }),
    );
    const kit = watch(cwd);
    await kit.waitFor(/^New client: 3 operations$/m);
    server.setDocument(JSON.stringify(withOperation));
    await kit.waitFor(/^API changes: 1 added/m);
    expect(kit.output().stdout).toContain(`Changed: ${input}\n`);
    expect(await kit.stop()).toBe(0);
    const conditional = server.requests.filter((request) => request.ifNoneMatch === '"v1"');
    expect(conditional.length).toBeGreaterThan(0);
    expect(kit.output().stderr).toBe("");
  });
});
