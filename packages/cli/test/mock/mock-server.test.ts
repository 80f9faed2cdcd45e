import { writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../cli/capture-io.js";
import { useTempDirs } from "../write/temp-dir.js";
import { mockDocument } from "./mock-document.js";
import { type MockUnderTest, runMock } from "./run-mock.js";

const tempDir = useTempDirs();
const tenant = { "x-tenant": "acme" };

async function documentFile(document: object = mockDocument): Promise<string> {
  const file = path.join(await tempDir(), "shop.json");
  await writeFile(file, JSON.stringify(document, null, 2));
  return file;
}

async function json(response: Response): Promise<unknown> {
  return JSON.parse(await response.text());
}

describe("kit mock", () => {
  let mock: MockUnderTest;
  beforeAll(async () => {
    mock = await runMock(["-i", await documentFile()], process.cwd());
  });
  afterAll(async () => {
    expect(await mock.stop()).toBe(0);
  });

  it("answers a valid request with the declared status, media type and a schema-valid body", async () => {
    const response = await fetch(`${mock.url}/v1/items?limit=2`, { headers: tenant });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const items = (await json(response)) as { id: number; name: string; price: number }[];
    expect(Array.isArray(items)).toBe(true);
    for (const item of items) {
      expect(typeof item.id).toBe("number");
      expect(typeof item.name).toBe("string");
      expect(item.price).toBeGreaterThanOrEqual(0);
    }
  });

  it("serves paths with and without the server's base path", async () => {
    const response = await fetch(`${mock.url}/items/mine`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(await response.text()).toBe("all mine");
  });

  it("prefers a literal path segment over a placeholder", async () => {
    const mine = await fetch(`${mock.url}/v1/items/mine`);
    expect(await mine.text()).toBe("all mine");
    expect((await fetch(`${mock.url}/v1/items/7`)).status).toBe(200);
  });

  it("answers with the first named example, and the one Prefer: example= names", async () => {
    expect(await json(await fetch(`${mock.url}/v1/items/1`))).toEqual({
      id: 1,
      name: "apple",
      price: 3,
    });
    const pear = await fetch(`${mock.url}/v1/items/1`, { headers: { prefer: "example=pear" } });
    expect(await json(pear)).toEqual({ id: 2, name: "pear", price: 4 });
    const unknown = await fetch(`${mock.url}/v1/items/1`, { headers: { prefer: "example=plum" } });
    expect(unknown.status).toBe(404);
  });

  it("answers with a declared error status on Prefer: code=", async () => {
    const response = await fetch(`${mock.url}/v1/items/1`, { headers: { prefer: "code=404" } });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: "no such item" });
    const undeclared = await fetch(`${mock.url}/v1/items/1`, { headers: { prefer: "code=418" } });
    expect(undeclared.status).toBe(404);
    expect(await json(undeclared)).toMatchObject({
      detail: "no response with status 418 is declared",
    });
  });

  it("answers 204 without a body where the document declares no content", async () => {
    const response = await fetch(`${mock.url}/v1/items/3`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("answers 422 listing each violation with its JSON pointer, as Prism does", async () => {
    const response = await fetch(`${mock.url}/v1/items?limit=abc&color=red`);
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = (await json(response)) as { status: number; validation: object[] };
    expect(problem.status).toBe(422);
    expect(problem.validation).toEqual([
      expect.objectContaining({ pointer: "/query/limit", location: ["query", "limit"] }),
      expect.objectContaining({
        pointer: "/query/color",
        message: 'query key "color" is not declared',
      }),
      expect.objectContaining({
        pointer: "/header/x-tenant",
        message: 'required header "X-Tenant" is missing',
      }),
    ]);
  });

  it("rejects a wrong Content-Type, a missing body and an invalid body", async () => {
    const post = (body: string | undefined, type?: string) =>
      fetch(`${mock.url}/v1/items`, {
        method: "POST",
        ...(body === undefined ? {} : { body }),
        headers: type === undefined ? {} : { "content-type": type },
      });
    const wrongType = await post('{"name":"a","price":1}', "text/plain");
    expect(wrongType.status).toBe(422);
    expect(await json(wrongType)).toMatchObject({
      validation: [{ pointer: "/header/content-type" }],
    });
    expect(await json(await post(undefined))).toMatchObject({
      validation: [{ pointer: "/body", message: "the required request body is missing" }],
    });
    const invalid = await post('{"name":"","price":-1}', "application/json");
    expect(await json(invalid)).toMatchObject({ validation: [{ pointer: "/body/name" }] });
    const created = await post('{"name":"fig","price":2}', "application/json");
    expect(created.status).toBe(201);
  });

  it("answers 404 for an unknown path and 405 with Allow for an undeclared method", async () => {
    expect((await fetch(`${mock.url}/v1/nothing`)).status).toBe(404);
    const put = await fetch(`${mock.url}/v1/items`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
  });

  it("allows browsers on other origins, preflight included", async () => {
    const preflight = await fetch(`${mock.url}/v1/items`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-tenant",
      },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      "access-control-allow-origin": "http://localhost:5173",
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": "content-type,x-tenant",
      "access-control-allow-credentials": "true",
    });
    const simple = await fetch(`${mock.url}/v1/items/mine`, {
      headers: { origin: "http://localhost:5173" },
    });
    expect(simple.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });

  it("prints one line per request: method, target, status, media type, operation, time", async () => {
    const before = mock.out.length;
    await fetch(`${mock.url}/v1/items/mine?x=1`);
    await fetch(`${mock.url}/v1/items?limit=0`, { headers: tenant });
    const lines = mock.out.slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^GET \/v1\/items\/mine\?x=1 → 422 myItems \/query\/x: query key "x" is not declared [\d.]+ ms$/,
    );
    expect(lines[1]).toMatch(
      /^GET \/v1\/items\?limit=0 → 422 listItems \/query\/limit: .* [\d.]+ ms$/,
    );
    expect(mock.out[0]).toMatch(
      /^kit mock: 5 operations of .*shop\.json at http:\/\/127\.0\.0\.1:\d+ \(ready in \d+ ms; Ctrl-C stops\)$/,
    );
  });
});

describe("kit mock options", () => {
  it("gives the same bytes for the same seed, and other values for another seed", async () => {
    const file = await documentFile();
    const bodies: string[] = [];
    for (const seed of ["1", "1", "2"]) {
      const mock = await runMock(["-i", file, "--seed", seed], process.cwd());
      const response = await fetch(`${mock.url}/v1/items`, { headers: tenant });
      bodies.push(await response.text());
      await mock.stop();
    }
    expect(bodies[0]).toBe(bodies[1]);
    expect(bodies[2]).not.toBe(bodies[0]);
  });

  it("wraps successful JSON answers in the envelope, and leaves errors as they are", async () => {
    const mock = await runMock(
      ["-i", await documentFile(), "--envelope", "code,msg,data"],
      process.cwd(),
    );
    try {
      expect(await json(await fetch(`${mock.url}/v1/items/1`))).toEqual({
        code: 0,
        msg: "ok",
        data: { id: 1, name: "apple", price: 3 },
      });
      const missing = await fetch(`${mock.url}/v1/items/1`, { headers: { prefer: "code=404" } });
      expect(await json(missing)).toEqual({ message: "no such item" });
    } finally {
      await mock.stop();
    }
  });

  it("waits --delay milliseconds before answering", async () => {
    const mock = await runMock(["-i", await documentFile(), "--delay", "300"], process.cwd());
    try {
      const started = performance.now();
      await fetch(`${mock.url}/v1/items/mine`);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await mock.stop();
    }
  });

  it("takes the input, port, seed and envelope from kit.config", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "shop.json"), JSON.stringify(mockDocument));
    await writeFile(
      path.join(dir, "kit.config.json"),
      JSON.stringify({ input: "shop.json", envelope: "code,msg,data", mock: { port: 0, seed: 1 } }),
    );
    const fromConfig = await runMock([], dir);
    const flags = await runMock(["-i", path.join(dir, "shop.json"), "--seed", "1"], process.cwd());
    try {
      const wrapped = (await json(
        await fetch(`${fromConfig.url}/v1/items`, { headers: tenant }),
      )) as { data: unknown };
      const plain = await json(await fetch(`${flags.url}/v1/items`, { headers: tenant }));
      expect(wrapped.data).toEqual(plain);
    } finally {
      await fromConfig.stop();
      await flags.stop();
    }
  });
});

describe("kit mock on components that several operations name", () => {
  const shared = {
    openapi: "3.0.3",
    info: { title: "shared", version: "1" },
    paths: {
      "/notes/{id}": {
        parameters: [{ $ref: "#/components/parameters/Id" }],
        get: {
          parameters: [{ $ref: "#/components/parameters/Tenant" }],
          responses: { "200": { $ref: "#/components/responses/Note" } },
        },
        delete: { responses: { "204": { $ref: "#/components/responses/Note" } } },
      },
      "/drafts": {
        get: { responses: { "200": { $ref: "#/components/responses/Note" } } },
      },
    },
    components: {
      parameters: {
        Id: { name: "id", in: "path", required: true, schema: { type: "integer" } },
        Tenant: { name: "X-Tenant", in: "header", required: true, schema: { type: "string" } },
      },
      responses: {
        Note: {
          description: "a note",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["text"],
                properties: { text: { type: "string" } },
              },
              example: { text: "hello" },
            },
          },
        },
      },
    },
  };

  it("checks and answers each operation by its own declaration", async () => {
    const mock = await runMock(["-i", await documentFile(shared)], process.cwd());
    try {
      // The path item's parameter holds for both verbs; the header only for the one naming it.
      const note = await fetch(`${mock.url}/notes/1`, { headers: { "x-tenant": "acme" } });
      expect(note.status).toBe(200);
      expect(await json(note)).toEqual({ text: "hello" });
      expect((await fetch(`${mock.url}/notes/one`, { headers: tenant })).status).toBe(422);
      const withoutTenant = await fetch(`${mock.url}/notes/1`);
      expect(withoutTenant.status).toBe(422);
      expect(await json(withoutTenant)).toMatchObject({
        validation: [expect.objectContaining({ pointer: "/header/x-tenant" })],
      });
      // The same response component answers 204 without a body where the status allows none.
      const deleted = await fetch(`${mock.url}/notes/1`, { method: "DELETE" });
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe("");
      expect((await fetch(`${mock.url}/notes/one`, { method: "DELETE" })).status).toBe(422);
      const drafts = await fetch(`${mock.url}/drafts`);
      expect(drafts.status).toBe(200);
      expect(await json(drafts)).toEqual({ text: "hello" });
    } finally {
      expect(await mock.stop()).toBe(0);
    }
  });
});

describe("kit mock on bad input: one line, no stack trace", () => {
  async function failure(args: string[]) {
    const io = captureIo(process.cwd());
    const code = await runCli(["mock", ...args], io);
    return { code, err: io.err };
  }

  it("names a missing file", async () => {
    expect(await failure(["-i", "no-such.json"])).toEqual({
      code: 2,
      err: ["kit: no-such.json: input file not found"],
    });
  });

  it("names an invalid document", async () => {
    const file = await documentFile({ openapi: "3.0.3", info: {}, paths: [] });
    const { code, err } = await failure(["-i", file]);
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^kit: .*shop\.json/);
  });

  it("names a port in use", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const { port } = busy.address() as { port: number };
    try {
      expect(await failure(["-i", await documentFile(), "--port", String(port)])).toEqual({
        code: 1,
        err: [`kit: 127.0.0.1:${port} is already in use; pass another --port`],
      });
    } finally {
      busy.close();
    }
  });

  it("rejects a port that is not a number", async () => {
    expect(await failure(["-i", "x.json", "--port", "http"])).toEqual({
      code: 2,
      err: [
        'kit: --port must be a whole number from 0 to 65535; got "http" (run kit --help for usage)',
      ],
    });
  });
});
