import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnvelopeKeys } from "../../src/config/envelope-keys.js";
import { renderDocument } from "../../src/generate.js";
import { loadOpenAPIDocument } from "../../src/openapi/load.js";
import type { EnvelopeKeys } from "../../src/options.js";
import { SCRATCH_DIR, USER_COMPILER_OPTIONS } from "../support/output-dir.js";
import { compileProject, requireBuiltRuntime } from "../support/tsc.js";
import { writeClient } from "./write-client.js";

const ROOT = join(SCRATCH_DIR, "envelope-variants");

/**
 * The envelope shapes back ends send, each with the flag that names it, a success answer and a
 * failure answer (without data, as error answers usually come).
 */
const VARIANTS = [
  {
    name: "code-message-data",
    flag: "code,message,data",
    properties: { code: { type: "integer" }, message: { type: "string" } },
    ok: { code: 0, message: "ok", data: { id: 1 } },
    failure: { code: 1001, message: "余额不足" },
    businessCode: 1001,
  },
  {
    name: "code-msg-data",
    flag: "code,msg,data",
    properties: { code: { type: "integer" }, msg: { type: "string" } },
    ok: { code: 200, msg: "ok", data: { id: 1 } },
    failure: { code: 500, msg: "余额不足" },
    businessCode: 500,
  },
  {
    name: "success-instead-of-code",
    flag: "success=true,message,data",
    properties: { success: { type: "boolean" }, message: { type: "string" } },
    ok: { success: true, message: "ok", data: { id: 1 } },
    failure: { success: false, message: "余额不足" },
    businessCode: false,
  },
  {
    name: "success-beside-code",
    flag: "code,message,data,success=true",
    properties: {
      success: { type: "boolean" },
      code: { type: "string" },
      message: { type: "string" },
    },
    ok: { success: true, code: "00000", message: "ok", data: { id: 1 } },
    failure: { success: false, code: "A0400", message: "余额不足" },
    businessCode: "A0400",
  },
  {
    name: "string-codes",
    flag: "code=00000,message,data",
    properties: { code: { type: "string" }, message: { type: "string" } },
    ok: { code: "00000", message: "ok", data: { id: 1 } },
    failure: { code: "A0001", message: "余额不足" },
    businessCode: "A0001",
  },
  {
    name: "code-20000",
    flag: "code=20000,message,data",
    properties: { code: { type: "integer" }, message: { type: "string" } },
    ok: { code: 20000, message: "ok", data: { id: 1 } },
    failure: { code: 50000, message: "余额不足", data: null },
    businessCode: 50000,
  },
] as const;

function document(properties: object) {
  const envelope = {
    type: "object",
    properties: {
      ...properties,
      data: { type: "object", properties: { id: { type: "integer" } } },
    },
  };
  const get = (operationId: string) => ({
    get: {
      operationId,
      tags: ["账户"],
      responses: { 200: { description: "OK", content: { "*/*": { schema: envelope } } } },
    },
  });
  return {
    openapi: "3.0.1",
    info: { title: "t", version: "1" },
    paths: { "/ok": get("good"), "/failure": get("bad") },
  };
}

let server: Server;
let origin = "";
/** The variant whose answers the server gives, by its path segment. */
function answer(url: string): unknown {
  const [, name, route] = url.split("/");
  const variant = VARIANTS.find((candidate) => candidate.name === name)!;
  return route === "ok" ? variant.ok : variant.failure;
}

beforeAll(async () => {
  requireBuiltRuntime();
  server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(answer(request.url!)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Api = Record<string, () => { send(): Promise<{ data: unknown }> }>;

describe("envelope variants the flag names and the runtime reads, end to end", () => {
  for (const variant of VARIANTS) {
    it(`${variant.name} (--envelope ${variant.flag}): data on success, KitBusinessError on failure`, async () => {
      const keys = parseEnvelopeKeys(variant.flag) as EnvelopeKeys;
      const loaded = await loadOpenAPIDocument(document(variant.properties));
      const dir = join(ROOT, variant.name);
      const result = renderDocument(loaded, {
        envelope: keys,
        baseUrl: `${origin}/${variant.name}`,
      });
      await writeClient(result, dir);
      const client = (await import(pathToFileURL(join(dir, "index.ts")).href)) as Record<
        string,
        unknown
      >;
      const api = Object.values(client).find(
        (value) => value !== client.service && typeof value === "object",
      ) as Api;

      expect((await api.good!().send()).data).toEqual({ id: 1 });
      const error = await api.bad!()
        .send()
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        name: "KitBusinessError",
        businessCode: variant.businessCode,
        message: "余额不足",
      });
    });
  }

  it("every generated variant compiles under tsc with noUnusedParameters", async () => {
    const compilerOptions = { ...USER_COMPILER_OPTIONS, noUnusedParameters: true };
    await writeFile(
      join(ROOT, "tsconfig.json"),
      JSON.stringify({ compilerOptions, include: ["**/*.ts"] }),
    );
    const { code, output } = await compileProject("node_modules/typescript/bin/tsc", ROOT);
    expect(output).toBe("");
    expect(code).toBe(0);
  });
});
