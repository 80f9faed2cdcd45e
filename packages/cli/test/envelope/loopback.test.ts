import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isKitErrorOf } from "@kit/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import type { GenerateOptions } from "../../src/options.js";
import { loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { SPRINGDOC_TAG_NAMES } from "./springdoc-tags.js";
import { writeClient } from "./write-client.js";

const ADA = { id: 1, name: "Ada", email: "ada@example.test", roles: ["ADMIN"] };
const ORDER = { id: "o-1", userId: 1, amount: 12.5, status: "PAID" };
const ok = (data: unknown) => ({ code: 0, message: "操作成功", data });

/** What a springdoc back end answers, by method and path below `/api`. */
function answer(method: string, path: string, body: string): unknown {
  const route = `${method} ${path}`;
  if (route === "GET /users?keyword=a") return ok([ADA]);
  if (route === "POST /users") return ok({ id: 2, ...JSON.parse(body) });
  if (route === "GET /users/1") return ok(ADA);
  if (route === "GET /users/2") return { code: 1001, message: "用户已停用", data: null };
  if (route === "DELETE /users/1") return ok(true);
  if (route === "GET /orders?current=1&size=10") return ok({ records: [ORDER], total: 1 });
  if (route === "GET /orders/o-1") return ok(ORDER);
  if (route === "GET /system/health") return { status: "UP", uptime: 42 };
  if (route === "GET /system/time") return ok({ now: "2026-01-01T00:00:00Z", zone: "UTC" });
  return undefined;
}

let server: Server;
let origin: string;
/** The body of the last answer, as sent on the wire. */
let lastAnswer: unknown;

function handle(request: IncomingMessage, response: ServerResponse): void {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString("utf8");
  });
  request.on("end", () => {
    const path = request.url!.replace(/^\/api/, "");
    lastAnswer = answer(request.method!, path, body);
    response.writeHead(lastAnswer === undefined ? 404 : 200, {
      "content-type": "application/json",
    });
    response.end(JSON.stringify(lastAnswer ?? { code: 404, message: "no route" }));
  });
}

type Send = () => Promise<{ data: unknown; code: unknown; message: unknown }>;
type Client = Record<string, Record<string, (...args: unknown[]) => { send: Send }>>;

/** Generates the springdoc client against the loopback server and imports it. */
async function client(name: string, options: GenerateOptions): Promise<Client> {
  const dir = join(SCRATCH_DIR, "envelope-loopback", name);
  const loaded = await loadFixture("springdoc.json");
  await writeClient(
    renderDocument(loaded, {
      ...options,
      baseUrl: `${origin}/api`,
      tagNames: SPRINGDOC_TAG_NAMES,
    }),
    dir,
  );
  return (await import(pathToFileURL(join(dir, "index.ts")).href)) as Client;
}

/** Every operation of the example, called as a user would. */
const CALLS: [api: string, method: string, args: unknown[]][] = [
  ["usersApi", "listUsers", ["a"]],
  ["usersApi", "createUser", [{ name: "Lin", email: "lin@example.test" }]],
  ["usersApi", "getUser", [1]],
  ["usersApi", "deleteUser", [1]],
  ["ordersApi", "pageOrders", [1, 10]],
  ["ordersApi", "getOrder", ["o-1"]],
  ["systemApi", "health", []],
  ["systemApi", "serverTime", []],
];

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the springdoc client generated with --envelope, against a real server", () => {
  let generated: Client;
  beforeAll(async () => {
    generated = await client("keys", {
      envelope: { codeKey: "code", messageKey: "message", dataKey: "data" },
    });
  });

  it.each(CALLS)(
    "%s.%s resolves the envelope's data, code and message",
    async (api, method, args) => {
      const result = await generated[api]![method]!(...args).send();
      const sent = lastAnswer as Record<string, unknown>;
      if (method === "health") {
        // Declared as the plain `Health` body, which is what arrives.
        expect(result).toMatchObject({ data: sent, code: undefined, message: undefined });
      } else {
        expect(result).toMatchObject({ data: sent.data, code: 0, message: "操作成功" });
      }
    },
  );
});

describe("a refused envelope from the client generated with --envelope", () => {
  it("is the method's business error, with the envelope's code and message", async () => {
    const generated = await client("refused", {
      envelope: { codeKey: "code", messageKey: "message", dataKey: "data" },
    });
    const getUser = generated.usersApi!.getUser!;
    const error = await getUser(2)
      .send()
      .then(
        () => expect.fail("a business error was expected"),
        (caught: unknown) => caught,
      );
    expect(isKitErrorOf(getUser as never, error)).toBe(true);
    expect(error).toMatchObject({ kind: "business", businessCode: 1001, message: "用户已停用" });
    expect(isKitErrorOf(generated.usersApi!.listUsers as never, error)).toBe(false);
  });
});

describe("the springdoc client generated with --envelope none", () => {
  it("resolves whole bodies, as its envelope-typed methods declare", async () => {
    const generated = await client("none", { envelope: "none" });
    const result = await generated.usersApi!.getUser!(1).send();
    expect(result).toMatchObject({ data: ok(ADA), code: undefined, message: undefined });
  });
});
