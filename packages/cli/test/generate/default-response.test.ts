import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import type { GenerateResult } from "../../src/options.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { COMPILERS, compileProject, requireBuiltRuntime } from "../support/tsc.js";

const DIR = join(SCRATCH_DIR, "default-response");

const json = (schema: object) => ({ content: { "application/json": { schema } } });
const NOTE = { type: "object", required: ["text"], properties: { text: { type: "string" } } };
const PROBLEM = { type: "object", properties: { message: { type: "string" } } };

/**
 * `default` stands for every status the document does not list: alone, it is the success answer
 * too (45 documents of the peers' suites); beside a 2xx, the errors only.
 */
const document = {
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {
    "/only-default": {
      get: {
        operationId: "onlyDefault",
        responses: { default: { description: "any", ...json(NOTE) } },
      },
    },
    "/with-ok": {
      get: {
        operationId: "withOk",
        responses: {
          "200": { description: "ok", ...json({ type: "string" }) },
          default: { description: "error", ...json(PROBLEM) },
        },
      },
    },
  },
};

const USAGE = `import { isKitErrorOf } from "@kit/api";
import { expectTypeOf } from "vitest";
import { defaultApi } from "./index";

export async function onlyDefault(): Promise<string> {
  const { data } = await defaultApi.onlyDefault().send();
  expectTypeOf(data).toEqualTypeOf<{ text: string }>();
  return data.text;
}

export async function withOk(): Promise<string> {
  const { data } = await defaultApi.withOk().send();
  expectTypeOf(data).toEqualTypeOf<string>();
  return data;
}

/** A failed onlyDefault: its error body is the default response's type as well. */
export async function onlyDefaultError(): Promise<string | undefined> {
  try {
    await defaultApi.onlyDefault().send();
    return "resolved";
  } catch (error) {
    if (!isKitErrorOf(defaultApi.onlyDefault, error) || error.kind !== "http") throw error;
    expectTypeOf(error.body).toEqualTypeOf<{ text: string }>();
    return error.body.text;
  }
}
`;

let server: Server;
let result: GenerateResult;
let failing = false;

beforeAll(async () => {
  requireBuiltRuntime();
  server = createServer((request, response) => {
    const [status, body] =
      request.url === "/with-ok"
        ? [200, "ok"]
        : failing
          ? [500, { text: "down" }]
          : [200, { text: "hi" }];
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  result = await generateFromOpenAPI(document, { baseUrl: origin });
  await writeOutput(result, DIR);
  await writeFile(join(DIR, "usage.ts"), USAGE);
  await writeTsconfig(DIR, ["**/*.ts"]);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a default response (#33 class 6)", () => {
  it("is the return type of an operation with no 2xx response, and only the error type beside one", () => {
    const api = result.files.find((file) => file.path === "apis/default.api.ts")!.contents;
    expect(api).toContain("): Promise<OnlyDefaultResponse> {");
    expect(api).toContain("): Promise<string> {");
    expect(result.warnings).toEqual([]);
  });

  it("type-checks the usage with TypeScript 7 and 5.9", async () => {
    for (const [, compiler] of COMPILERS) {
      const { code, output } = await compileProject(compiler, DIR);
      expect(output, compiler).toBe("");
      expect(code).toBe(0);
    }
  }, 120_000);

  it("returns the body a real server sends, and types the error body the same", async () => {
    const usage = (await import(pathToFileURL(join(DIR, "usage.ts")).href)) as {
      onlyDefault(): Promise<string>;
      withOk(): Promise<string>;
      onlyDefaultError(): Promise<string | undefined>;
    };
    expect(await usage.onlyDefault()).toBe("hi");
    expect(await usage.withOk()).toBe("ok");
    failing = true;
    expect(await usage.onlyDefaultError()).toBe("down");
  });
});
