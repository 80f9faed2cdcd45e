import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { buildOperations } from "../../src/model/build-operations.js";
import { Warnings } from "../../src/model/warnings.js";
import { loadOpenAPIDocument } from "../../src/openapi/load.js";
import { RequestValidator } from "../../src/wire/index.js";
import { writeClient } from "../envelope/write-client.js";
import { SCRATCH_DIR } from "../support/output-dir.js";

const role = {
  type: "object",
  required: ["role"],
  properties: { role: { type: "string" }, size: { type: "integer" } },
};

/** Header parameters of every shape OpenAPI's `simple` style writes, and one described by content. */
const document = {
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {
    "/account": {
      get: {
        operationId: "account",
        parameters: [
          { name: "X-Role", in: "header", schema: role },
          { name: "X-Exploded", in: "header", explode: true, schema: role },
          { name: "X-Meta", in: "header", content: { "application/json": { schema: role } } },
          { name: "X-Ids", in: "header", schema: { type: "array", items: { type: "integer" } } },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

let server: Server;
let origin: string;
let lastHeaders: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    lastHeaders = request.headers;
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Where the request validator finds problems in a GET with these headers, as they arrived. */
async function problemsWith(headers: Record<string, string>): Promise<string[]> {
  const loaded = await loadOpenAPIDocument(structuredClone(document));
  const [operation] = buildOperations(loaded, { warnings: new Warnings() });
  const sent = { method: "GET", target: "/account", headers, body: new Uint8Array() };
  const problems = await new RequestValidator(loaded).validate(operation!, sent);
  return problems.map((problem) => problem.location);
}

describe("object header parameters", () => {
  it("travel in OpenAPI's simple style, or as JSON text when described by content", async () => {
    const result = await generateFromOpenAPI(document, { baseUrl: origin });
    const api = result.files.find((file) => file.path === "apis/default.api.ts")!.contents;
    expect(api).toContain(
      [
        "  account(",
        '    @HeaderValue("X-Role", { explode: false }) _xRole?: unknown,',
        '    @HeaderValue("X-Exploded", { explode: true }) _xExploded?: unknown,',
        '    @HeaderValue("X-Meta") _xMeta?: unknown,',
        '    @HeaderValue("X-Ids") _xIds?: unknown,',
        "  )",
      ].join("\n"),
    );
    await writeClient(result, join(SCRATCH_DIR, "header-objects"));
    const { defaultApi } = (await import(
      pathToFileURL(join(SCRATCH_DIR, "header-objects", "index.ts")).href
    )) as { defaultApi: { account(...args: unknown[]): { send(): Promise<unknown> } } };

    const value = { role: "admin", size: 2 };
    await defaultApi.account(value, value, value, [1, 2]).send();
    const sent = {
      "x-role": lastHeaders["x-role"] as string,
      "x-exploded": lastHeaders["x-exploded"] as string,
      "x-meta": lastHeaders["x-meta"] as string,
      "x-ids": lastHeaders["x-ids"] as string,
    };
    expect(sent).toEqual({
      "x-role": "role,admin,size,2",
      "x-exploded": "role=admin,size=2",
      "x-meta": '{"role":"admin","size":2}',
      "x-ids": "1,2",
    });
    expect(await problemsWith(sent)).toEqual([]);
  });

  it("that break their schema are caught by the request validator", async () => {
    expect(await problemsWith({ "x-role": "size,2" })).toEqual(["/header/x-role"]);
    expect(await problemsWith({ "x-exploded": "role=admin,size=big" })).toEqual([
      "/header/x-exploded/size",
    ]);
    expect(await problemsWith({ "x-meta": '{"size":2}' })).toEqual(["/header/x-meta"]);
  });
});
