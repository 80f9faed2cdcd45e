import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdir, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { runCli } from "../../src/cli/run-cli.js";
import { fetchIfChanged } from "../../src/openapi/fetch-document.js";
import { useDocumentServer } from "../support/document-server.js";
import { useTempDirs } from "../write/temp-dir.js";
import { captureIo } from "./capture-io.js";
import { petstore } from "./documents.js";
import { PUBLISHED_KIT_BIN, runKit } from "./run-kit.js";

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
      expect.stringMatching(/^Generated 9 files in client: 9 created, 0 changed, 0 unchanged/),
    );
    expect(run.out.at(-1)).toBe("New client: 3 operations");
    expect((await readdir(path.join(run.cwd, "client"))).sort()).toEqual([
      ".kit-client.jsonc",
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
    expect(upToDate.stdout).toMatch(/^Up to date: 9 files in src/);
    server.setDocument(JSON.stringify({ ...petstore, servers: [{ url: "/v2" }] }));
    const drifted = await runKit(["g", "-i", url, "--check"], cwd);
    expect(drifted.code).toBe(1);
    expect(drifted.stdout).toContain(`change    ${path.join("src", "service.ts")}`);
  });

  it("loads Node's HTTP client for a URL input only, never for a file", async () => {
    const server = await startServer(document);
    const cwd = await tempDir();
    await writeFile(path.join(cwd, "openapi.json"), document);
    // Prints, as the process exits, which of Node's network modules it loaded.
    const preload = path.join(cwd, "loaded.mjs");
    await writeFile(
      preload,
      `process.on("exit", () => console.log("loaded:" + process.moduleLoadList
        .filter((name) => /^NativeModule (http|https|zlib)$/.test(name)).sort().join(",")));`,
    );
    const loaded = (input: string, out: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        const args = ["--import", preload, PUBLISHED_KIT_BIN, "g", "-i", input, "-o", out];
        execFile(process.execPath, args, { cwd }, (error, stdout) =>
          error ? reject(error) : resolve(/^loaded:(.*)$/m.exec(stdout)?.[1]),
        );
      });
    expect(await loaded("openapi.json", "from-file")).toBe("");
    expect(await loaded(`${server.url}/v3/api-docs`, "from-url")).toBe(
      "NativeModule http,NativeModule https,NativeModule zlib",
    );
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

/** Loopback servers with a handler each; every request's headers are kept. */
function useRawServers() {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  });
  return async (handle: (request: IncomingMessage, response: ServerResponse) => void) => {
    const requests: IncomingMessage["headers"][] = [];
    const server = createServer((request, response) => {
      requests.push(request.headers);
      handle(request, response);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, requests };
  };
}

const startRawServer = useRawServers();

const CREDENTIALS = [
  "-H",
  "Authorization: Bearer s3cret",
  "-H",
  "Cookie: session=s3cret",
  "-H",
  "X-API-Key: s3cret",
  "-H",
  "Private-Token: s3cret",
];

describe("redirects of a URL input", () => {
  it("carry no header given with -H to another origin (another port of 127.0.0.1)", async () => {
    const other = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(document);
    });
    const origin = await startRawServer((_request, response) => {
      response.writeHead(302, { location: `${other.url}/v3/api-docs` }).end();
    });
    const run = await generate(["-i", `${origin.url}/docs`, ...CREDENTIALS]);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(origin.requests[0]).toMatchObject({ "x-api-key": "s3cret", "private-token": "s3cret" });
    expect(other.requests).toHaveLength(1);
    const sent = Object.keys(other.requests[0]!);
    for (const name of ["authorization", "cookie", "x-api-key", "private-token"]) {
      expect(sent).not.toContain(name);
    }
    expect(sent).toContain("accept");
  });

  it("keep every header within the origin, and stop after 20", async () => {
    const server = await startRawServer((request, response) => {
      const hop = Number(request.url!.slice(1));
      if (hop < 2) return response.writeHead(302, { location: `/${hop + 1}` }).end();
      if (hop < 100 && request.url !== "/2")
        return response.writeHead(302, { location: "/50" }).end();
      response.writeHead(200, { "content-type": "application/json" }).end(document);
    });
    const run = await generate(["-i", `${server.url}/0`, ...CREDENTIALS]);
    expect(run.code).toBe(0);
    expect(server.requests.map((headers) => headers["x-api-key"])).toEqual([
      "s3cret",
      "s3cret",
      "s3cret",
    ]);
    const loop = await generate(["-i", `${server.url}/50`]);
    expect(loop.code).toBe(1);
    expect(loop.err).toEqual([`kit: ${server.url}/50: more than 20 redirects`]);
    expect(server.requests).toHaveLength(3 + 21);
  });
});

describe("the size of a URL input", () => {
  const padded = (bytes: number) => document.padEnd(bytes, " ");

  it("a small gzip answer that unpacks past --max-size stops with one line", async () => {
    const bomb = gzipSync(padded(8 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" }).end(bomb);
    });
    const url = `${server.url}/v3/api-docs`;
    const run = await generate(["-i", url, "--max-size", "1mb"]);
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      `kit: ${url}: the answer unpacks (gzip) to more than 1 MB; raise the limit with --max-size or maxSize`,
    ]);
    expect((await generate(["-i", url, "--max-size", "9mb"])).code).toBe(0);
  });

  it("an answer larger than the limit stops, with or without Content-Length", async () => {
    const big = padded(2 * 1024 * 1024);
    const server = await startRawServer((request, response) => {
      if (request.url === "/announced") response.writeHead(200, { "content-length": big.length });
      response.end(big);
    });
    for (const path of ["/announced", "/chunked"]) {
      const run = await generate(["-i", `${server.url}${path}`, "--max-size", "1mb"]);
      expect(run.code).toBe(1);
      expect(run.err).toEqual([
        `kit: ${server.url}${path}: the answer is larger than 1 MB; raise the limit with --max-size or maxSize`,
      ]);
    }
  });

  it("counts the compressed bytes as they arrive too", async () => {
    const noise = gzipSync(randomBytes(2 * 1024 * 1024));
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" }).end(noise);
    });
    const run = await generate(["-i", `${server.url}/noise`, "--max-size", "1mb"]);
    expect(run.err).toEqual([
      `kit: ${server.url}/noise: the answer is larger than 1 MB; raise the limit with --max-size or maxSize`,
    ]);
  });

  it("takes the limit from maxSize in kit.config", async () => {
    const server = await startRawServer((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(padded(300_000)));
    });
    const cwd = await tempDir();
    const config = { input: `${server.url}/v3/api-docs`, maxSize: "200kb" };
    await writeFile(path.join(cwd, "kit.config.json"), JSON.stringify(config));
    const io = captureIo(cwd);
    expect(await runCli(["generate"], io)).toBe(1);
    expect(io.err).toEqual([
      `kit: ${server.url}/v3/api-docs: the answer unpacks (gzip) to more than 200 KB; raise the limit with --max-size or maxSize`,
    ]);
  });
});
