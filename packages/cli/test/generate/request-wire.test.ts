import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import type { GenerateResult } from "../../src/options.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { type RecordingServer, startRecordingServer } from "../support/recording-server.js";
import { COMPILERS, compileProject, requireBuiltRuntime } from "../support/tsc.js";

/**
 * Requests and responses mean what the document says (#33 classes 9-14): a small document of
 * Kit's own, generated, type-checked, and called against a loopback server over axios's http
 * adapter and the fetch adapter.
 */
const DIR = join(SCRATCH_DIR, "request-wire");

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  role: string | undefined;
  body: string;
}

const NO_CONTENT = { "204": { description: "done" } };
const BINARY = { type: "string", format: "binary" };
const ROLE = {
  type: "object",
  properties: { role: { type: "string" }, size: { type: "integer" } },
};
const IDS = { type: "array", items: { type: "integer" } };

/** A GET of `path` with one path parameter `name` written as `parameter` says. */
function pathOperation(operationId: string, parameter: object): object {
  return { get: { operationId, parameters: [parameter], responses: NO_CONTENT } };
}

function documentFor(port: number): object {
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: `http://127.0.0.1:${port}` }],
    components: {
      schemas: {
        Photo: {
          type: "object",
          required: ["name", "file"],
          properties: { name: { type: "string" }, file: BINARY },
        },
      },
    },
    paths: {
      // Class 9: arrays, objects and the label and matrix styles in the path.
      "/ids/{ids}": pathOperation("byIds", {
        name: "ids",
        in: "path",
        required: true,
        schema: IDS,
      }),
      "/role/{role}": pathOperation("byRole", {
        name: "role",
        in: "path",
        required: true,
        schema: ROLE,
      }),
      "/exploded/{role}": pathOperation("byRoleExploded", {
        name: "role",
        in: "path",
        required: true,
        explode: true,
        schema: ROLE,
      }),
      "/json/{role}": pathOperation("byJsonRole", {
        name: "role",
        in: "path",
        required: true,
        content: { "application/json": { schema: ROLE } },
      }),
      "/label{ids}": pathOperation("byLabel", {
        name: "ids",
        in: "path",
        required: true,
        style: "label",
        explode: true,
        schema: IDS,
      }),
      "/matrix{role}": pathOperation("byMatrix", {
        name: "role",
        in: "path",
        required: true,
        style: "matrix",
        explode: true,
        schema: ROLE,
      }),
      "/matrix-ids{ids}": pathOperation("byMatrixIds", {
        name: "ids",
        in: "path",
        required: true,
        style: "matrix",
        schema: IDS,
      }),
      // Class 10: the style of a parameter whose schema is a oneOf/anyOf.
      "/branches/{role}": {
        get: {
          operationId: "branches",
          parameters: [
            {
              name: "role",
              in: "path",
              required: true,
              schema: { anyOf: [ROLE, { type: "null" }] },
            },
            {
              name: "ids",
              in: "query",
              explode: false,
              schema: { oneOf: [{ type: "integer" }, IDS] },
            },
            { name: "filter", in: "query", schema: { anyOf: [ROLE, { type: "null" }] } },
            { name: "X-Role", in: "header", schema: { oneOf: [ROLE] } },
          ],
          responses: NO_CONTENT,
        },
      },
      // Class 14: JSON and multipart offered, the body has a file.
      "/photo": {
        post: {
          operationId: "uploadPhoto",
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { $ref: "#/components/schemas/Photo" } },
              "multipart/form-data": { schema: { $ref: "#/components/schemas/Photo" } },
            },
          },
          responses: NO_CONTENT,
        },
      },
      // Class 11: a file when it is ready, a JSON status while it is not.
      "/report": {
        get: {
          operationId: "getReport",
          parameters: [{ name: "ready", in: "query", schema: { type: "boolean" } }],
          responses: {
            "200": { description: "the file", content: { "application/pdf": { schema: BINARY } } },
            "202": {
              description: "not yet",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { state: { type: "string" } } },
                },
              },
            },
          },
        },
      },
      "/json-ids/{list}": {
        get: {
          operationId: "jsonArrays",
          parameters: [
            {
              name: "list",
              in: "path",
              required: true,
              content: { "application/json": { schema: IDS } },
            },
            { name: "ids", in: "query", content: { "application/json": { schema: IDS } } },
          ],
          responses: NO_CONTENT,
        },
      },
      // Class 12: a media range names no type to send.
      "/any": {
        post: {
          operationId: "uploadAny",
          requestBody: { required: true, content: { "*/*": { schema: BINARY } } },
          responses: NO_CONTENT,
        },
      },
      "/app": {
        post: {
          operationId: "uploadApp",
          requestBody: { required: true, content: { "application/*": { schema: BINARY } } },
          responses: NO_CONTENT,
        },
      },
      // Class 13: a GET with a body; bytes declared as application/json.
      "/search": {
        get: {
          operationId: "search",
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", properties: { q: { type: "string" } } },
              },
            },
          },
          responses: NO_CONTENT,
        },
      },
      "/json-bytes": {
        post: {
          operationId: "uploadJsonBytes",
          requestBody: { required: true, content: { "application/json": { schema: BINARY } } },
          responses: NO_CONTENT,
        },
      },
    },
  };
}

/** The user's code: every call over one adapter; a failure is answered as its Kit code. */
const USAGE = `import { Server } from "@kit/api";
import { formData } from "@kit/api/form";
import { expectTypeOf } from "vitest";
import { DefaultApi } from "./apis/default.api";
import { Service } from "./service";
import type { UploadPhotoForm } from "./types/default";

export function apiFor(adapter: "http" | "fetch") {
  @Server({ adapter })
  class Configured extends Service {}
  return new Configured().createApi(DefaultApi);
}

export async function bodies(adapter: "http" | "fetch"): Promise<void> {
  const api = apiFor(adapter);
  await api.uploadAny(new Blob(["any bytes"])).send();
  await api.uploadApp(new Blob(["<png>"], { type: "image/png" })).send();
  await api.uploadJsonBytes(new Blob(['{"ready":"made"}'])).send();
}

export async function paths(adapter: "http" | "fetch"): Promise<void> {
  const api = apiFor(adapter);
  const role = { role: "a b", size: 2 };
  await api.byIds([1, 2, 3]).send();
  await api.byRole(role).send();
  await api.byRoleExploded(role).send();
  await api.byJsonRole(role).send();
  await api.byLabel([1, 2]).send();
  await api.byMatrix(role).send();
  await api.byMatrixIds([1, 2]).send();
}

export async function branches(adapter: "http" | "fetch"): Promise<void> {
  const api = apiFor(adapter);
  const role = { role: "a b", size: 2 };
  await api.branches(role, [1, 2], { role: "c", size: 3 }, role).send();
  await api.branches(role, 7, null, undefined).send();
  await api.jsonArrays([1, 2], [3, 4]).send();
}

export async function photo(adapter: "http" | "fetch"): Promise<void> {
  const file = new Blob(["PNGDATA"], { type: "image/png" });
  await apiFor(adapter).uploadPhoto(formData<UploadPhotoForm>({ name: "rex", file })).send();
}

export async function report(adapter: "http" | "fetch"): Promise<unknown[]> {
  const api = apiFor(adapter);
  const file = (await api.getReport(true).send()).data;
  const pending = (await api.getReport(false).send()).data;
  expectTypeOf(file).toEqualTypeOf<Blob | { state?: string }>();
  if (!(file instanceof Blob)) throw new Error("expected a Blob");
  return [file.type, [...new Uint8Array(await file.arrayBuffer())], pending];
}

export async function search(adapter: "http" | "fetch"): Promise<string> {
  try {
    await apiFor(adapter).search({ q: "cats" }).send();
    return "sent";
  } catch (error) {
    return (error as { code: string }).code;
  }
}
`;

interface Usage {
  report(adapter: string): Promise<unknown[]>;
  photo(adapter: string): Promise<void>;
  branches(adapter: string): Promise<void>;
  paths(adapter: string): Promise<void>;
  bodies(adapter: string): Promise<void>;
  search(adapter: string): Promise<string>;
}

let loopback: RecordingServer;
const seen = (): Seen[] =>
  loopback.received.map(({ method, url, headers, body }) => ({
    method,
    url,
    contentType: headers["content-type"],
    role: headers["x-role"] as string | undefined,
    body: body.toString("utf8"),
  }));
let result: GenerateResult;

beforeAll(async () => {
  requireBuiltRuntime();
  loopback = await startRecordingServer((request, response) => {
    if (request.url === "/report?ready=true") {
      response.writeHead(200, { "content-type": "application/pdf" });
      response.end(Buffer.from([0x25, 0x50, 0x44, 0x46, 0xff, 0x00]));
    } else if (request.url === "/report?ready=false") {
      response.writeHead(202, { "content-type": "application/json" });
      response.end('{"state":"running"}');
    } else {
      response.writeHead(204);
      response.end();
    }
  });
  result = await generateFromOpenAPI(documentFor(loopback.port));
  await writeOutput(result, DIR);
  await writeFile(join(DIR, "usage.ts"), USAGE);
  await writeTsconfig(DIR, ["**/*.ts"]);
});
afterAll(() => loopback.close());

function api(): string {
  return result.files.find((file) => file.path === "apis/default.api.ts")!.contents;
}

const usage = () => import(pathToFileURL(join(DIR, "usage.ts")).href) as Promise<Usage>;

describe("requests and responses mean what the document says (#33 classes 9-14)", () => {
  it("warns about a GET body, and keeps application/json on a binary JSON body", () => {
    expect(api()).toContain('@Post("/json-bytes")\n  @ContentType("application/json")');
    expect(api()).toContain('@Post("/any")\n  uploadAny(');
    expect(api()).toContain('@Get("/report")\n  @ResponseType("auto")');
    expect(api()).toContain('@Post("/photo")\n  @ContentType("multipart/form-data")');
    expect(result.warnings.filter((warning) => !warning.includes("names a host"))).toEqual([
      "#/paths/~1search/get/requestBody: a GET request body is sent only by the http adapter (Node); fetch and XHR cannot send it, and there the call fails with KIT_BODY_NOT_SENDABLE",
    ]);
  });

  it("type-checks with TypeScript 7 and 5.9", async () => {
    for (const [, compiler] of COMPILERS) {
      const { code, output } = await compileProject(compiler, DIR);
      expect(output, compiler).toBe("");
      expect(code).toBe(0);
    }
  }, 120_000);

  it("class 9: tells @Params the style of label, matrix and simple objects", () => {
    expect(api()).toContain('byIds(@Params("ids") _ids: unknown)');
    expect(api()).toContain('byRole(@Params("role", { style: "simple" }) _role: unknown)');
    expect(api()).toContain('@Params("role", { style: "simple", explode: true })');
    expect(api()).toContain('byJsonRole(@Params("role") _role: unknown)');
    expect(api()).toContain('@Params("ids", { style: "label", explode: true })');
    expect(api()).toContain('@Params("role", { style: "matrix", explode: true })');
    expect(api()).toContain('@Params("ids", { style: "matrix" })');
    expect(api()).toContain(
      [
        "  jsonArrays(",
        '    @Params("list", { contentType: "application/json" }) _list: unknown,',
        '    @Query("ids", { contentType: "application/json" }) _ids?: unknown,',
        "  )",
      ].join("\n"),
    );
  });

  describe.each(["http", "fetch"] as const)("over the %s adapter", (adapter) => {
    it("class 9: path arrays and objects go in their style, never as [object Object]", async () => {
      loopback.received.length = 0;
      await (await usage()).paths(adapter);
      expect(seen().map(({ url }) => url)).toEqual([
        "/ids/1,2,3",
        "/role/role,a%20b,size,2",
        "/exploded/role=a%20b,size=2",
        "/json/%7B%22role%22%3A%22a%20b%22%2C%22size%22%3A2%7D",
        "/label.1.2",
        "/matrix;role=a%20b;size=2",
        "/matrix-ids;ids=1,2",
      ]);
    });

    it("class 10: a oneOf/anyOf parameter keeps its style and explode; a JSON array stays JSON", async () => {
      loopback.received.length = 0;
      await (await usage()).branches(adapter);
      expect(seen().map(({ url, role }) => `${url} ${role}`)).toEqual([
        "/branches/role,a%20b,size,2?ids=1,2&role=c&size=3 role,a b,size,2",
        "/branches/role,a%20b,size,2?ids=7 undefined",
        "/json-ids/%5B1%2C2%5D?ids=%5B3%2C4%5D undefined",
      ]);
    });

    it("class 14: a body with a file goes as multipart when the document offers it", async () => {
      loopback.received.length = 0;
      await (await usage()).photo(adapter);
      const [sent] = seen();
      expect(sent!.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent!.body).toMatch(
        /name="file"; filename="[^"]*"\r\nContent-Type: image\/png\r\n\r\nPNGDATA/,
      );
      expect(sent!.body).toMatch(/name="name"\r\n\r\nrex\r\n/);
    });

    it("class 11: a 200 file beside a 202 JSON answer is read by the type that came", async () => {
      expect(await (await usage()).report(adapter)).toEqual([
        "application/pdf",
        [0x25, 0x50, 0x44, 0x46, 0xff, 0x00],
        { state: "running" },
      ]);
    });

    it("class 12: bytes under */* or application/* go as their own type, else octet-stream", async () => {
      loopback.received.length = 0;
      await (await usage()).bodies(adapter);
      expect(seen().map(({ url, contentType, body }) => `${url} ${contentType} ${body}`)).toEqual([
        "/any application/octet-stream any bytes",
        "/app image/png <png>",
        '/json-bytes application/json {"ready":"made"}',
      ]);
    });

    it("class 13: a GET body goes over http, and is a clear Kit error on fetch", async () => {
      loopback.received.length = 0;
      const outcome = await (await usage()).search(adapter);
      if (adapter === "http") {
        expect(outcome).toBe("sent");
        expect(seen()).toEqual([
          { method: "GET", url: "/search", contentType: "application/json", body: '{"q":"cats"}' },
        ]);
      } else {
        expect(outcome).toBe("KIT_BODY_NOT_SENDABLE");
        expect(seen()).toEqual([]);
      }
    });
  });
});
