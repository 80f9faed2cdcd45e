/*
 * The envelope type a server class carries reaches every result: `code` and `message` are typed
 * as the server declares, `data` stays the API method's payload. The type assertions in this file
 * are checked by running the real tsc (7 and 5.9) over the file itself; the calls run against a
 * real loopback server, so the types are compared with what actually arrives.
 */
import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, expectTypeOf, test } from "vitest";
import { QUICK_RUN, TSC_FLAGS } from "../../../vitest.suite.js";
import { Api, Get, type KitMethod, type KitResult, KitServer, Server } from "../src/index.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

interface Item {
  id: number;
}

type NumericEnvelope = { code: number; message: string };
type StatusEnvelope = { code: "OK" | "FAIL" };

@Api()
class ItemApi {
  @Get("/envelope/ok") item(): Promise<Item> {
    return null!;
  }
  @Get("/envelope/custom") numbers(): Promise<number[]> {
    return null!;
  }
}

function numericServer(origin: string) {
  @Server({ baseURL: origin })
  class Service extends KitServer<NumericEnvelope> {}
  return new Service();
}

/** Custom keys: the envelope type still names the result fields, not the wire keys. */
function statusServer(origin: string) {
  @Server({
    baseURL: origin,
    codeKey: "status",
    messageKey: "msg",
    dataKey: "result",
    validateCode: (code) => code === "OK",
  })
  class Service extends KitServer<StatusEnvelope> {}
  return new Service();
}

function untypedServer(origin: string) {
  @Server({ baseURL: origin })
  class Service extends KitServer {}
  return new Service();
}

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

describe("a server typed KitServer<{ code: number; message: string }>", () => {
  test("gives results whose code and message have those types and whose data is the payload", async () => {
    const api = numericServer(http.origin).createApi(ItemApi);
    expectTypeOf(api.item()).toEqualTypeOf<KitMethod<Item, [], NumericEnvelope>>();
    const result = await api.item().send();
    expectTypeOf(result).toEqualTypeOf<KitResult<NumericEnvelope, Item>>();
    expectTypeOf(result.code).toEqualTypeOf<number | undefined>();
    expectTypeOf(result.message).toEqualTypeOf<string | undefined>();
    expectTypeOf(result.data).toEqualTypeOf<Item>();
    // @ts-expect-error data is the unwrapped payload, not the envelope
    expect(result.data.code).toBeUndefined();
    expect(result).toMatchObject({ code: 0, message: "ok", data: { id: 1 } });
  });

  test("hands typed results to onSuccess listeners", async () => {
    const method = numericServer(http.origin).createApi(ItemApi).item();
    const codes: number[] = [];
    method.onSuccess((result) => {
      expectTypeOf(result.code).toEqualTypeOf<number | undefined>();
      if (result.code !== undefined) codes.push(result.code);
    });
    await method.send();
    expect(codes).toEqual([0]);
  });

  test("is still a KitServer, so plugins and helpers typed for any server accept it", () => {
    const server = numericServer(http.origin);
    expectTypeOf(server).toExtend<KitServer>();
    expect(server.use({ name: "noop" }).plugins.map((plugin) => plugin.name)).toEqual(["noop"]);
  });
});

describe("a server with custom envelope keys and a partial envelope type", () => {
  test("types code as declared and keeps the default type of message", async () => {
    const result = await statusServer(http.origin).createApi(ItemApi).numbers().send();
    expectTypeOf(result.code).toEqualTypeOf<"OK" | "FAIL" | undefined>();
    expectTypeOf(result.message).toEqualTypeOf<string | undefined>();
    expectTypeOf(result.data).toEqualTypeOf<number[]>();
    expect(result).toMatchObject({ code: "OK", message: "fine", data: [7] });
    expect(result.envelope).toEqual({ status: "OK", msg: "fine", result: [7] });
  });
});

describe("an untyped server", () => {
  test("keeps the documented defaults: any string or number code, a string message", async () => {
    const result = await untypedServer(http.origin).createApi(ItemApi).item().send();
    expectTypeOf(result).toEqualTypeOf<KitResult<unknown, Item>>();
    expectTypeOf(result.code).toEqualTypeOf<string | number | undefined>();
    expectTypeOf(result.message).toEqualTypeOf<string | undefined>();
    expectTypeOf(result.envelope).toEqualTypeOf<Readonly<Record<string, unknown>> | undefined>();
    expect(result.code).toBe(0);
  });
});

const SELF = fileURLToPath(import.meta.url);
const SCRATCH = fileURLToPath(new URL("../.tmp/envelope-types/", import.meta.url));
const compilers = { "TypeScript 7": "typescript", "TypeScript 5.9": "ts5" };

/** The user guide's strict settings; library declarations are not this test's subject. */
async function writeTsconfig(): Promise<string> {
  await mkdir(SCRATCH, { recursive: true });
  const config = {
    compilerOptions: {
      target: "ES2022",
      module: "preserve",
      moduleResolution: "bundler",
      allowImportingTsExtensions: true,
      strict: true,
      experimentalDecorators: true,
      noUnusedLocals: true,
      noEmit: true,
      skipLibCheck: true,
      lib: ["ES2022", "DOM"],
      types: ["node"],
    },
    files: [SELF],
  };
  const path = `${SCRATCH}tsconfig.json`;
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

function typeCheck(compiler: string, project: string): Promise<string> {
  const bin = fileURLToPath(new URL("bin/tsc", import.meta.resolve(`${compiler}/package.json`)));
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, "-p", project, ...TSC_FLAGS], (error, stdout, stderr) => {
      resolve(error ? `exit ${error.code}: ${stdout}${stderr}` : stdout + stderr);
    });
  });
}

describe.concurrent("the type assertions of this file", () => {
  for (const [name, compiler] of Object.entries(compilers)) {
    test.skipIf(QUICK_RUN && compiler !== "typescript")(
      `hold under ${name}`,
      async () => {
        expect(await typeCheck(compiler, await writeTsconfig())).toBe("");
      },
      60_000,
    );
  }
});
