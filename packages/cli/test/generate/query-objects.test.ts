import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { writeClient } from "../envelope/write-client.js";
import { SCRATCH_DIR } from "../support/output-dir.js";

const filter = { type: "object", properties: { q: { type: "string" }, page: { type: "integer" } } };

/** Object query parameters in the styles OpenAPI's style table shows for them. */
const document = {
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {
    "/search": {
      get: {
        operationId: "search",
        parameters: [
          { name: "filter", in: "query", schema: filter },
          { name: "sort", in: "query", style: "deepObject", explode: true, schema: filter },
          { name: "limit", in: "query", schema: { type: "integer" } },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

let server: Server;
let origin: string;
/** The raw request target of the last request, as it arrived. */
let lastUrl = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    lastUrl = request.url!;
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("object query parameters travel as OpenAPI's style table says", () => {
  it("form with explode (the default) sends the object's keys, deepObject sends name[key]", async () => {
    const result = await generateFromOpenAPI(document, { baseUrl: origin });
    const api = result.files.find((file) => file.path === "apis/default.api.ts")!.contents;
    expect(api).toContain(
      'search(@Query() _filter?: unknown, @Query("sort", { style: "deepObject" })',
    );
    const dir = join(SCRATCH_DIR, "query-objects");
    await writeClient(result, dir);
    type Search = (...args: unknown[]) => { send(): Promise<unknown> };
    const client = (await import(pathToFileURL(join(dir, "index.ts")).href)) as {
      defaultApi: { search: Search };
    };
    await client.defaultApi.search({ q: "a b", page: 2 }, { q: "x" }, 5).send();
    expect(lastUrl).toBe("/search?q=a%20b&page=2&sort%5Bq%5D=x&limit=5");
  });
});
