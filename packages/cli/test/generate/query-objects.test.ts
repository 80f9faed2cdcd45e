import { createServer, type Server } from "node:http";
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
          { name: "where", in: "query", content: { "application/json": { schema: filter } } },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
    "/colors": {
      get: {
        operationId: "colors",
        parameters: [
          {
            name: "color",
            in: "query",
            explode: false,
            schema: { $ref: "#/components/schemas/Rgb" },
          },
          { name: "spaced", in: "query", style: "spaceDelimited", schema: filter },
          { name: "piped", in: "query", style: "pipeDelimited", schema: filter },
          {
            name: "loose",
            in: "query",
            style: "pipeDelimited",
            explode: true,
            schema: filter,
          },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
  },
  components: {
    schemas: {
      Rgb: {
        type: "object",
        properties: { R: { type: "integer" }, G: { type: "integer" }, B: { type: "integer" } },
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

type Send = (...args: unknown[]) => { send(): Promise<unknown> };

/** The generated client for the document, imported from `dir`, with its API text and warnings. */
async function generatedClient(dir: string) {
  const result = await generateFromOpenAPI(document, { baseUrl: origin });
  const api = result.files.find((file) => file.path === "apis/default.api.ts")!.contents;
  await writeClient(result, join(SCRATCH_DIR, dir));
  const client = (await import(pathToFileURL(join(SCRATCH_DIR, dir, "index.ts")).href)) as {
    defaultApi: { search: Send; colors: Send };
  };
  return { api, warnings: result.warnings, defaultApi: client.defaultApi };
}

/** Where the request validator finds problems in a GET of `target`, as it arrived. */
async function problemsAt(path: string, target: string): Promise<string[]> {
  const loaded = await loadOpenAPIDocument(structuredClone(document));
  const operation = buildOperations(loaded, { warnings: new Warnings() }).find(
    (candidate) => candidate.path === path,
  )!;
  const sent = { method: "GET", target, headers: {}, body: new Uint8Array() };
  const problems = await new RequestValidator(loaded).validate(operation, sent);
  return problems.map((problem) => problem.location);
}

describe("object query parameters travel as OpenAPI's style table says", () => {
  it("form with explode (the default) sends the object's keys, deepObject sends name[key]", async () => {
    const { api, defaultApi } = await generatedClient("query-objects");
    expect(api).toContain(
      '    @Query() _filter?: unknown,\n    @Query("sort", { style: "deepObject" }) _sort?: unknown,',
    );
    await defaultApi.search({ q: "a b", page: 2 }, { q: "x" }, 5).send();
    expect(lastUrl).toBe("/search?q=a%20b&page=2&sort%5Bq%5D=x&limit=5");
  });

  it("a parameter described by content travels whole, as JSON text, never as its keys", async () => {
    const { api, defaultApi } = await generatedClient("query-objects-content");
    expect(api).toContain('@Query("where") _where?: unknown');
    await defaultApi.search(undefined, undefined, undefined, { q: "w", page: 1 }).send();
    expect(lastUrl).toBe(`/search?where=${encodeURIComponent('{"q":"w","page":1}')}`);
    expect(await problemsAt("/search", lastUrl)).toEqual([]);
    const wrong = `/search?where=${encodeURIComponent('{"page":"x"}')}`;
    expect(await problemsAt("/search", wrong)).toEqual(["/query/where/page"]);
  });

  it("form without explode and the delimited styles send keys and values in turn, as the validator reads them", async () => {
    const { api, warnings, defaultApi } = await generatedClient("query-objects-joined");
    expect(api).toContain(
      [
        "  colors(",
        '    @Query("color", { explode: false }) _color?: unknown,',
        '    @Query("spaced", { style: "spaceDelimited" }) _spaced?: unknown,',
        '    @Query("piped", { style: "pipeDelimited" }) _piped?: unknown,',
        '    @Query("loose") _loose?: unknown,',
        "  )",
      ].join("\n"),
    );
    expect(warnings).toEqual([
      "#/paths/~1colors/get/parameters/3/style: OpenAPI gives an object no pipeDelimited form with explode: true; it is sent as JSON text",
    ]);
    await defaultApi.colors({ R: 100, G: 200, B: 150 }, { q: "a b", page: 2 }, { page: 3 }).send();
    expect(lastUrl).toBe(
      "/colors?color=R,100,G,200,B,150&spaced=q%20a%20b%20page%202&piped=page%7C3",
    );
    expect(await problemsAt("/colors", lastUrl)).toEqual([]);
    expect(await problemsAt("/colors", "/colors?color=R,x")).toEqual(["/query/color/R"]);
  });
});
