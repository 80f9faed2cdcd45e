import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { runCli } from "../../src/cli/run-cli.js";
import { fetchIfChanged } from "../../src/openapi/fetch-document.js";
import { useDocumentServer } from "../support/document-server.js";
import { useTempDirs } from "../write/temp-dir.js";
import { captureIo } from "./capture-io.js";
import { petstore } from "./documents.js";
import { runKit } from "./run-kit.js";

const tempDir = useTempDirs();
const startServer = useDocumentServer();
const document = JSON.stringify(petstore);

async function generate(args: string[]) {
  const cwd = await tempDir();
  const io = captureIo(cwd);
  const code = await runCli(["generate", ...args], io);
  return { code, cwd, out: io.out, err: io.err };
}

describe("an http(s) URL as input", () => {
  it("generates from a document a running backend serves at /v3/api-docs", async () => {
    const server = await startServer(document);
    const run = await generate(["-i", `${server.url}/v3/api-docs`, "-o", "client"]);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toContainEqual(
      expect.stringMatching(/^Generated 8 files in client: 8 created, 0 changed, 0 unchanged/),
    );
    expect(run.out.at(-1)).toBe("New client: 3 operations");
    expect((await readdir(path.join(run.cwd, "client"))).sort()).toEqual([
      "apis",
      "index.ts",
      "service.config.ts",
      "service.ts",
      "types",
    ]);
  });

  it("reads YAML from a URL", async () => {
    const server = await startServer(stringify(petstore));
    const run = await generate(["-i", `${server.url}/api.yaml`]);
    expect(run.code).toBe(0);
  });

  it("sends the request headers given with -H", async () => {
    const server = await startServer(document);
    const denied = await generate(["-i", `${server.url}/private`]);
    expect(denied.code).toBe(1);
    expect(denied.err).toEqual([`kit: ${server.url}/private: HTTP 401 Unauthorized`]);
    const allowed = await generate([
      "-i",
      `${server.url}/private`,
      "-H",
      "Authorization: Bearer s3cret",
    ]);
    expect(allowed.err).toEqual([]);
    expect(allowed.code).toBe(0);
    expect(server.requests.at(-1)).toEqual({ path: "/private", authorization: "Bearer s3cret" });
  });

  it("names the URL and the status of a 404, and writes nothing", async () => {
    const server = await startServer(document);
    const run = await generate(["-i", `${server.url}/missing`]);
    expect(run.code).toBe(1);
    expect(run.err).toEqual([`kit: ${server.url}/missing: HTTP 404 Not Found`]);
    expect(await readdir(run.cwd)).toEqual([]);
  });

  it("follows a redirect", async () => {
    const server = await startServer(document);
    const run = await generate(["-i", `${server.url}/old`]);
    expect(run.code).toBe(0);
    expect(server.requests.map((request) => request.path)).toEqual(["/old", "/v3/api-docs"]);
  });

  it("gives up on a slow answer after --timeout milliseconds", async () => {
    const server = await startServer(document);
    const run = await generate(["-i", `${server.url}/slow`, "--timeout", "200"]);
    expect(run.code).toBe(1);
    expect(run.err).toEqual([`kit: ${server.url}/slow: no complete answer within 0.2 s`]);
  });

  it("names the URL when nothing listens there", async () => {
    const server = await startServer(document);
    await server.close();
    const run = await generate(["-i", `${server.url}/v3/api-docs`]);
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      `kit: ${server.url}/v3/api-docs: cannot download the document (ECONNREFUSED)`,
    ]);
  });

  it("--check compares a URL's document with the client on disk (as a child process)", async () => {
    const server = await startServer(document);
    const cwd = await tempDir();
    const url = `${server.url}/v3/api-docs`;
    expect((await runKit(["g", "-i", url], cwd)).code).toBe(0);
    const upToDate = await runKit(["g", "-i", url, "--check"], cwd);
    expect(upToDate.code).toBe(0);
    expect(upToDate.stdout).toMatch(/^Up to date: 8 files in src/);
    server.setDocument(JSON.stringify({ ...petstore, servers: [{ url: "/v2" }] }));
    const drifted = await runKit(["g", "-i", url, "--check"], cwd);
    expect(drifted.code).toBe(1);
    expect(drifted.stdout).toContain(`change    ${path.join("src", "service.ts")}`);
  });

  it("asks with If-None-Match and resolves undefined on 304 Not Modified", async () => {
    const server = await startServer(document);
    const url = `${server.url}/v3/api-docs`;
    const first = await fetchIfChanged(url, {}, undefined);
    expect(first).toEqual({ url, text: document, etag: '"v1"' });
    expect(await fetchIfChanged(url, {}, first!.etag)).toBeUndefined();
    server.setDocument(`${document} `);
    expect(await fetchIfChanged(url, {}, first!.etag)).toMatchObject({ etag: '"v2"' });
    expect(server.requests.map((request) => request.ifNoneMatch)).toEqual([
      undefined,
      '"v1"',
      '"v1"',
    ]);
  });
});
