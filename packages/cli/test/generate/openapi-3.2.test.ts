import { writeFile } from "node:fs/promises";
import { METHODS } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import type { GenerateResult } from "../../src/options.js";
import { type MockUnderTest, runMock } from "../mock/run-mock.js";
import { fixturePath } from "../support/fixtures.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { type RecordingServer, startRecordingServer } from "../support/recording-server.js";
import { COMPILERS, compileProject, requireBuiltRuntime } from "../support/tsc.js";

const FIXTURE = fixturePath("openapi-3.2.yaml");
const DIR = join(SCRATCH_DIR, "openapi-3-2");

/** The user's code: every 3.2 addition called through the generated client, on one adapter. */
const USAGE = `import { Server } from "@kit/api";
import { jsonLines } from "@kit/api/stream";
import { expectTypeOf } from "vitest";
import { CatsApi } from "./apis/cats.api";
import { PetsApi } from "./apis/pets.api";
import { Service } from "./service";
import type { Pet } from "./types";

export async function callAll(adapter: "http" | "fetch", baseURL: string) {
  @Server({ adapter, baseURL })
  class Configured extends Service {}
  const service = new Configured();
  const pets = service.createApi(PetsApi);
  const cats = service.createApi(CatsApi);
  const found = (await pets.searchPets({ kind: "cat" }, 5).send()).data;
  expectTypeOf(found).toEqualTypeOf<Pet[]>();
  const one = (await pets.getPet(1).send()).data;
  expectTypeOf(one).toEqualTypeOf<Pet>();
  await pets.linkPet(1, "</pets/2>; rel=friend").send();
  const listed = (await cats.listCats({ color: "black", age: 3, toys: ["ball", "yarn"] }).send()).data;
  expectTypeOf(listed).toEqualTypeOf<Pet[]>();
  // @ts-expect-error: the query string object is typed by its schema
  cats.listCats({ colour: "black" });
  const log: Pet[] = [];
  for await (const pet of jsonLines(cats.catLog())) {
    expectTypeOf(pet).toEqualTypeOf<Pet>();
    log.push(pet);
  }
  return { found, one, listed, log };
}
`;

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  link: string | undefined;
  body: string;
}

let loopback: RecordingServer;
const seen = (): Seen[] =>
  loopback.received.map(({ method, url, headers, body }) => ({
    method,
    url,
    contentType: headers["content-type"],
    link: headers.link?.toString(),
    body: body.toString(),
  }));
let result: GenerateResult;

beforeAll(async () => {
  requireBuiltRuntime();
  loopback = await startRecordingServer((request, response) => {
    if (request.method === "LINK") return void response.writeHead(204).end();
    if (request.url === "/v1/cats/log") {
      response.writeHead(200, { "content-type": "application/json-seq" });
      return void response.end('\u001e{"id":3,"name":"Kit"}\n\u001e{"id":4,"name":"Cat"}\n');
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end(request.url.includes("/pets/") ? '{"id":1,"name":"Tom"}' : "[]");
  });
  result = await generateFromOpenAPI(FIXTURE, { mock: "msw" });
  await writeOutput(result, DIR);
  await writeFile(join(DIR, "usage.ts"), USAGE);
  await writeTsconfig(DIR, ["**/*.ts"]);
});
afterAll(() => loopback.close());

function usage() {
  return import(pathToFileURL(join(DIR, "usage.ts")).href) as Promise<{
    callAll(
      adapter: string,
      baseURL: string,
    ): Promise<{
      found: unknown;
      one: unknown;
      listed: unknown;
      log: unknown[];
    }>;
  }>;
}

describe("an OpenAPI 3.2 document (#33 class 18)", () => {
  it("generates the files in the snapshots, warning where Kit leaves a 3.2 addition unused", async () => {
    for (const file of result.files) {
      await expect(file.contents).toMatchFileSnapshot(
        `__snapshots__/openapi-3-2/${file.path}.snap`,
      );
    }
    const where = (pointer: string) => expect.stringContaining(pointer);
    expect(result.warnings).toEqual([
      where("#/paths/~1cats~1parts/post/requestBody/content/multipart~1mixed/itemSchema"),
      where("#/paths/~1cats~1photo/get/responses/200/content/image~1png/$ref"),
      where("#/servers/0/url"),
    ]);
    expect(result.warnings[0]).toContain(
      "itemSchema is not used here: Kit reads item by item only server-sent events, JSON Lines and JSON text sequence responses; untyped",
    );
  });

  it("skips, each with one warning, what it cannot send: bad method tokens, a non-form querystring", async () => {
    const ok = { "200": { description: "ok" } };
    const { files, warnings } = await generateFromOpenAPI({
      openapi: "3.2.1",
      info: { title: "t", version: "1" },
      paths: {
        "/a": {
          additionalOperations: {
            "BAD METHOD": { responses: ok },
            POST: { responses: ok },
            purge: { operationId: "purgeA", responses: ok },
          },
        },
        "/b": {
          get: {
            operationId: "getB",
            parameters: [
              {
                name: "q",
                in: "querystring",
                content: { "application/json": { schema: { type: "object" } } },
              },
            ],
            responses: ok,
          },
        },
      },
    });
    expect(warnings).toEqual([
      '#/paths/~1a/additionalOperations/BAD METHOD: "BAD METHOD" is not an HTTP method token; skipped',
      '#/paths/~1a/additionalOperations/POST: POST belongs in the path item\'s "post" field, not in additionalOperations; skipped',
      "#/paths/~1a/additionalOperations/purge: the method is sent as PURGE: axios sends every method in upper case",
      "#/paths/~1b/get/parameters/0: a querystring parameter is sent only as application/x-www-form-urlencoded content (one media type); it was skipped",
    ]);
    const api = files.find((file) => file.path === "apis/default.api.ts")!.contents;
    expect(api).toContain('@Method("PURGE", "/a")');
    // The skipped querystring leaves getB without parameters.
    expect(api).toContain('  @Get("/b")\n  getB(): Promise<void> {');
    expect(api).not.toContain("BAD");
    expect(api).not.toContain("@Post");
  });

  it("type-checks the generated client and its use with TypeScript 7 and 5.9", async () => {
    for (const [, compiler] of COMPILERS) {
      const { code, output } = await compileProject(compiler, DIR);
      expect(output, compiler).toBe("");
      expect(code).toBe(0);
    }
  }, 120_000);

  // Node's server parser answers 400 to a method it does not list; QUERY and LINK are listed on
  // Node 20.20 and 24, so this skips only on an older platform.
  describe.skipIf(!METHODS.includes("QUERY"))("on the wire", () => {
    it.each(["http", "fetch"] as const)(
      "sends QUERY with its body, LINK, and the querystring object as the query (%s adapter)",
      async (adapter) => {
        loopback.received.length = 0;
        const answers = await (await usage()).callAll(adapter, `${loopback.origin}/v1`);
        expect(answers).toEqual({
          found: [],
          one: { id: 1, name: "Tom" },
          listed: [],
          log: [
            { id: 3, name: "Kit" },
            { id: 4, name: "Cat" },
          ],
        });
        expect(seen().map(({ method, url }) => `${method} ${url}`)).toEqual([
          "QUERY /v1/pets?limit=5",
          "GET /v1/pets/1",
          "LINK /v1/pets/1",
          "GET /v1/cats?color=black&age=3&toys=ball&toys=yarn",
          "GET /v1/cats/log",
        ]);
        expect(seen()[0]!.contentType).toMatch(/^application\/json/);
        expect(JSON.parse(seen()[0]!.body)).toEqual({ kind: "cat" });
        expect(seen()[2]!.link).toBe("</pets/2>; rel=friend");
      },
    );

    describe("kit mock serves the document", () => {
      let mock: MockUnderTest;
      beforeAll(async () => {
        mock = await runMock(["-i", FIXTURE], process.cwd());
      });
      afterAll(() => mock.stop());

      it("answers QUERY with the dataValue example and GET with the serializedValue one", async () => {
        const answers = await (await usage()).callAll("http", `${mock.url}/v1`);
        expect(answers.found).toEqual([
          { id: 1, name: "Tom", kind: "cat" },
          { id: 2, name: "Rex", kind: "dog" },
        ]);
        expect(answers.one).toEqual({ id: 1, name: "Tom", kind: "cat" });
        expect(Array.isArray(answers.listed)).toBe(true);
        // The mock writes the itemSchema's examples as an RFC 7464 sequence, read item by item.
        expect(answers.log.length).toBeGreaterThan(0);
        for (const pet of answers.log) expect(pet).toMatchObject({ id: expect.any(Number) });
        expect(mock.err).toEqual([]);
      });

      it("refuses a QUERY whose body breaks the schema, and a method the path does not have", async () => {
        const bad = await fetch(`${mock.url}/v1/pets`, {
          method: "QUERY",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ kind: "cow" }),
        });
        expect(bad.status).toBe(422);
        const wrong = await fetch(`${mock.url}/v1/pets/1`, { method: "QUERY" });
        expect(wrong.status).toBe(405);
        expect(wrong.headers.get("allow")).toContain("LINK");
      });
    });
  });
});
