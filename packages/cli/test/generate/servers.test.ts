import { writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import type { GenerateResult } from "../../src/options.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { COMPILERS, compileProject, requireBuiltRuntime } from "../support/tsc.js";

const DIR = join(SCRATCH_DIR, "servers");

interface Seen {
  server: "root" | "other";
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

const seen: Seen[] = [];

/** A loopback server that records what reaches it and answers `{ ok: true }`. */
async function loopback(name: Seen["server"]): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    seen.push({
      server: name,
      method: request.method!,
      url: request.url!,
      headers: request.headers,
    });
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const OK = {
  "200": {
    description: "ok",
    content: {
      "application/json": { schema: { type: "object", properties: { ok: { type: "boolean" } } } },
    },
  },
};

/**
 * The document's server names its port as a number (#33 class 8); `/upload` has a relative server
 * of its own on the same origin, `/blobs/{id}` one on another origin (#33 class 7).
 */
function documentFor(rootPort: number, otherPort: number): object {
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: "http://127.0.0.1:{port}/v1", variables: { port: { default: rootPort } } }],
    paths: {
      "/items": { get: { operationId: "listItems", responses: OK } },
      "/upload": {
        servers: [{ url: "/files" }],
        post: { operationId: "upload", responses: OK },
      },
      "/blobs/{id}": {
        get: {
          operationId: "getBlob",
          servers: [{ url: `http://127.0.0.1:${otherPort}/storage` }],
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            { name: "X-Trace", in: "header", schema: { type: "string" } },
          ],
          responses: OK,
        },
      },
    },
  };
}

/** The user's code: the generated service with a static key, the auth plugin, one adapter. */
const USAGE = `import { Server } from "@kit/api";
import { auth } from "@kit/api/plugins";
import { expectTypeOf } from "vitest";
import { DefaultApi } from "./apis/default.api";
import { Service } from "./service";

export async function callAll(adapter: "http" | "fetch", origins: string[]): Promise<void> {
  @Server({ adapter, headers: { "X-Api-Key": "k" } })
  class Configured extends Service {}
  const service = new Configured().use(auth({ getToken: () => "t1", origins }));
  const api = service.createApi(DefaultApi);
  expectTypeOf((await api.listItems().send()).data).toEqualTypeOf<{ ok?: boolean }>();
  await api.upload().send();
  await api.getBlob("b 1", "trace-1").send();
}
`;

let root: { server: Server; port: number };
let other: { server: Server; port: number };
let result: GenerateResult;

beforeAll(async () => {
  requireBuiltRuntime();
  root = await loopback("root");
  other = await loopback("other");
  result = await generateFromOpenAPI(documentFor(root.port, other.port));
  await writeOutput(result, DIR);
  await writeFile(join(DIR, "usage.ts"), USAGE);
  await writeTsconfig(DIR, ["**/*.ts"]);
});
afterAll(async () => {
  for (const { server } of [root, other]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function fileOf(path: string): string {
  return result.files.find((file) => file.path === path)!.contents;
}

describe("servers of the document, of a path and of an operation (#33 classes 7 and 8)", () => {
  it("fills a numeric server variable, and writes an operation's own server into its route", () => {
    expect(fileOf("service.ts")).toContain(
      `@Server({ baseURL: "http://127.0.0.1:${root.port}/v1", ...options })`,
    );
    const api = fileOf("apis/default.api.ts");
    expect(api).toContain('@Get("/items")');
    expect(api).toContain(`@Post("http://127.0.0.1:${root.port}/files/upload")`);
    expect(api).toContain(`@Get("http://127.0.0.1:${other.port}/storage/blobs/:id")`);
    // The one warning: the document server names a host, which would ship in the bundle.
    expect(result.warnings).toEqual([
      expect.stringMatching(/^#\/servers\/0\/url: .* names a host/),
    ]);
  });

  it("type-checks with TypeScript 7 and 5.9", async () => {
    for (const [, compiler] of COMPILERS) {
      const { code, output } = await compileProject(compiler, DIR);
      expect(output, compiler).toBe("");
      expect(code).toBe(0);
    }
  }, 120_000);

  describe.each(["http", "fetch"] as const)("over the %s adapter", (adapter) => {
    const usage = () =>
      import(pathToFileURL(join(DIR, "usage.ts")).href) as Promise<{
        callAll(adapter: string, origins: string[]): Promise<void>;
      }>;

    it("sends each call to its server; credentials stay on the document server's origin", async () => {
      seen.length = 0;
      await (await usage()).callAll(adapter, []);
      expect(seen.map(({ server, method, url }) => `${server} ${method} ${url}`)).toEqual([
        "root GET /v1/items",
        "root POST /files/upload",
        "other GET /storage/blobs/b%201",
      ]);
      const [items, upload, blob] = seen;
      for (const same of [items!, upload!]) {
        expect(same.headers.authorization).toBe("Bearer t1");
        expect(same.headers["x-api-key"]).toBe("k");
      }
      // The call's own header goes along; the token and the static key do not.
      expect(blob!.headers["x-trace"]).toBe("trace-1");
      expect(blob!.headers.authorization).toBeUndefined();
      expect(blob!.headers["x-api-key"]).toBeUndefined();
    });

    it("sends the token to another origin that auth's origins list, still without static headers", async () => {
      seen.length = 0;
      await (await usage()).callAll(adapter, [`http://127.0.0.1:${other.port}`]);
      const blob = seen.find((request) => request.server === "other")!;
      expect(blob.headers.authorization).toBe("Bearer t1");
      expect(blob.headers["x-api-key"]).toBeUndefined();
    });
  });
});
