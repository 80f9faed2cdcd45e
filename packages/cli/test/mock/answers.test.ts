import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { KitServer } from "@kit/api";
import { eventStream } from "@kit/api/stream";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { renderDocument } from "../../src/generate.js";
import { planMocks } from "../../src/mock/mock-plan.js";
import { buildOperations } from "../../src/model/build-operations.js";
import { Warnings } from "../../src/model/warnings.js";
import { loadOpenAPIDocument as loadDocument } from "../../src/openapi/load.js";
import { captureIo } from "../cli/capture-io.js";
import { callEveryOperation } from "../corpus/call-every-operation.js";
import { REPO_ROOT } from "../corpus/run-corpus.js";
import { writeClient } from "../envelope/write-client.js";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { useTempDirs } from "../write/temp-dir.js";
import { examplesOf, routesOf } from "./msw-examples.js";
import { type MockUnderTest, runMock } from "./run-mock.js";

const SPRINGDOC = `${REPO_ROOT}examples/springdoc/openapi.json`;
const EVENTS = `${REPO_ROOT}examples/petstore/events.yaml`;
const PETSTORE = `${REPO_ROOT}examples/petstore/openapi.yaml`;
const tempDir = useTempDirs();

async function documentFile(document: object): Promise<string> {
  const file = join(await tempDir(), "document.json");
  await writeFile(file, JSON.stringify(document));
  return file;
}

/** Generates the client of `input` against the running mock and imports it. */
async function clientOf(
  input: string,
  mock: MockUnderTest,
  name: string,
  options: object = {},
): Promise<string> {
  const loaded = await loadDocument(input);
  const dir = join(SCRATCH_DIR, "mock-answers", name);
  const base = new URL(loaded.document.servers?.[0]?.url ?? "/", "http://h").pathname;
  await writeClient(
    renderDocument(loaded, { ...options, baseUrl: `${mock.url}${base.replace(/\/$/, "")}` }),
    dir,
  );
  return dir;
}

describe("kit mock answers the generated client accepts", () => {
  for (const [label, args, options] of [
    ["without --envelope", [], {}],
    [
      "with --envelope code,message,data",
      ["--envelope", "code,message,data"],
      { envelope: { codeKey: "code", messageKey: "message", dataKey: "data" } },
    ],
  ] as const) {
    it(`the springdoc example's calls through the generated client succeed (${label})`, async () => {
      const mock = await runMock(["-i", SPRINGDOC, ...args], process.cwd());
      try {
        const dir = await clientOf(SPRINGDOC, mock, label.replace(/\W+/g, "-"), options);
        const calls = await callEveryOperation(dir, await loadDocument(SPRINGDOC));
        expect(calls.length).toBeGreaterThan(5);
        for (const call of calls) {
          expect(call.error, call.label).toBeUndefined();
          expect(call.status, call.label).toBeGreaterThanOrEqual(200);
          expect(call.status, call.label).toBeLessThan(300);
        }
      } finally {
        await mock.stop();
      }
    }, 60_000);
  }

  it("gives an envelope's success code 0 without an example, and a business error on Prefer: envelope-code", async () => {
    const mock = await runMock(["-i", SPRINGDOC], process.cwd());
    try {
      const ok = await (await fetch(`${mock.url}/api/users/1`)).json();
      expect(ok.code).toBe(0);
      const refused = await fetch(`${mock.url}/api/users/1`, {
        headers: { prefer: "envelope-code=1001" },
      });
      expect(refused.status).toBe(200);
      expect((await refused.json()).code).toBe(1001);
    } finally {
      await mock.stop();
    }
  });

  it("answers events.yaml's feed as server-sent events the generated eventStream reads, typed", async () => {
    const mock = await runMock(["-i", EVENTS], process.cwd());
    try {
      const raw = await fetch(`${mock.url}/api/v3/events/pets`);
      expect(raw.headers.get("content-type")).toBe("text/event-stream");
      expect((await raw.text()).match(/^data: /gm)).toHaveLength(3);
      const dir = await clientOf(EVENTS, mock, "events");
      const client = (await import(pathToFileURL(join(dir, "index.ts")).href)) as {
        eventsApi: { followPets(): never };
        service: KitServer;
      };
      expect(client.service).toBeInstanceOf(KitServer);
      const events: unknown[] = [];
      for await (const event of eventStream(client.eventsApi.followPets(), { retry: 10 })) {
        events.push(event.data);
        if (events.length === 3) break;
      }
      for (const data of events)
        expect(data).toEqual({ id: expect.any(Number), name: expect.any(String) });
    } finally {
      await mock.stop();
    }
  }, 60_000);

  it("answers JSON Lines as lines, one value each", async () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "lines", version: "1" },
      paths: {
        "/logs": {
          get: {
            operationId: "logs",
            responses: {
              "200": {
                description: "log lines",
                content: {
                  "application/jsonl": {
                    schema: {
                      type: "object",
                      required: ["level"],
                      properties: { level: { enum: ["info", "warn"] }, at: { type: "integer" } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const mock = await runMock(["-i", await documentFile(document)], process.cwd());
    try {
      const answer = await fetch(`${mock.url}/logs`);
      expect(answer.headers.get("content-type")).toBe("application/jsonl");
      const lines = (await answer.text()).trimEnd().split("\n");
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        { level: "info", at: 1 },
        { level: "info", at: 1 },
        { level: "info", at: 1 },
      ]);
    } finally {
      await mock.stop();
    }
  });
});

describe("kit mock on documents the validator used to trip on", () => {
  it("answers every operation when the examples hold $id and $ref keys (Box)", async () => {
    const box = { $id: "12345", $ref: "#/nowhere", type: "file", name: "a.txt" };
    const document = {
      openapi: "3.0.3",
      info: { title: "box", version: "1" },
      paths: {
        "/files/{id}": {
          get: {
            operationId: "getFile",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: {
              "200": {
                description: "a file",
                content: {
                  "application/json": {
                    schema: { $ref: "#/components/schemas/File" },
                    examples: { one: { value: box }, two: { value: { ...box, name: "b" } } },
                  },
                },
              },
            },
          },
        },
        "/folders": {
          post: {
            operationId: "createFolder",
            requestBody: {
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/File" },
                  example: { $id: "12345", name: "x" },
                },
              },
            },
            responses: {
              "201": {
                description: "made",
                content: { "application/json": { schema: { $ref: "#/components/schemas/File" } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          File: {
            type: "object",
            properties: {
              $id: { type: "string" },
              type: { type: "string" },
              name: { type: "string" },
            },
            example: { $id: "12345", type: "file" },
            "x-box-example": { $id: "12345" },
          },
        },
      },
    };
    const mock = await runMock(["-i", await documentFile(document)], process.cwd());
    try {
      const file = await fetch(`${mock.url}/files/1`);
      expect(file.status).toBe(200);
      expect(await file.json()).toEqual(box);
      const made = await fetch(`${mock.url}/folders`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "x" }),
      });
      expect(made.status).toBe(201);
      const wrong = await fetch(`${mock.url}/folders`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: 5 }),
      });
      expect(wrong.status).toBe(422);
    } finally {
      await mock.stop();
    }
  });

  it("reads 3.0 idioms in a 3.1 document as meant, and checks around what it cannot, with one line", async () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "idioms", version: "1" },
      paths: {
        "/chat": {
          post: {
            operationId: "chat",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["model"],
                    properties: {
                      model: { type: "string" },
                      temperature: {
                        type: "number",
                        minimum: 0,
                        exclusiveMinimum: true,
                        nullable: true,
                      },
                      stop: { nullable: true, oneOf: [{ type: "string" }, { type: "array" }] },
                      tools: { $ref: "#/components/schemas/Missing" },
                    },
                  },
                },
              },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
    };
    const mock = await runMock(["-i", await documentFile(document)], process.cwd());
    try {
      const send = (body: object) =>
        fetch(`${mock.url}/chat`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await send({ model: "m", temperature: null, stop: null, tools: [1] })).status).toBe(
        200,
      );
      expect((await send({ model: "m", temperature: 0.5 })).status).toBe(200);
      // `tools` names a schema that does not exist: it takes anything, the rest is checked.
      expect((await send({ temperature: 0.5 })).status).toBe(422);
      expect((await send({ model: "m", temperature: 0 })).status).toBe(422);
      expect(mock.out.filter((line) => line.includes("not checked"))).toEqual([
        "kit mock: #/components/schemas/Missing does not exist; values there are not checked",
      ]);
    } finally {
      await mock.stop();
    }
  });

  it("accepts a GET or HEAD that carries a Content-Type and no body", async () => {
    const mock = await runMock(["-i", SPRINGDOC], process.cwd());
    try {
      for (const method of ["GET", "HEAD"]) {
        const answer = await fetch(`${mock.url}/api/users/1`, {
          method,
          headers: { "content-type": "application/json" },
        });
        expect(answer.status).toBe(200);
      }
    } finally {
      await mock.stop();
    }
  });
});

describe("MSW handlers answer what kit mock answers", () => {
  for (const input of [PETSTORE, EVENTS, SPRINGDOC]) {
    it(`for every operation of ${input.slice(REPO_ROOT.length)}`, async () => {
      const loaded = await loadDocument(input);
      const result = renderDocument(loaded, { mock: "msw" });
      expect(result.files.some((file) => file.path === "mocks/index.ts")).toBe(true);
      const mock = await runMock(["-i", input], process.cwd());
      try {
        const operations = buildOperations(loaded, { warnings: new Warnings(loaded.locate) });
        const plan = planMocks(loaded, {
          service: { envelope: undefined },
          apis: [
            {
              group: {
                prefix: "",
                methods: operations.map((operation) => ({
                  name: operation.pointer,
                  path: operation.path,
                  operation,
                })),
              },
              methods: operations.map(() => ({ returns: undefined })),
            },
          ],
        } as never);
        // The mock takes paths with or without the servers' base path.
        const base = "";
        let compared = 0;
        for (const handler of plan[0]!.handlers) {
          const path = handler.path.replace(/\{[^}]+\}/g, "1");
          const answer = await fetch(`${mock.url}${base}${path}`, {
            method: handler.verb.toUpperCase(),
          });
          // A request this test cannot make valid (a required body) says nothing here.
          if (answer.status === 422) continue;
          compared++;
          expect(answer.status, handler.name).toBe(handler.status);
          expect(answer.headers.get("content-type") ?? undefined, handler.name).toBe(
            handler.contentType,
          );
          const text = await answer.text();
          if (handler.body.kind === "json")
            expect(JSON.parse(text), handler.name).toEqual(handler.body.value);
          if (handler.body.kind === "text") expect(text, handler.name).toBe(handler.body.value);
        }
        expect(compared).toBeGreaterThanOrEqual(plan[0]!.handlers.length / 2);
      } finally {
        await mock.stop();
      }
    });
  }
});

describe("MSW handlers generated with the config's mock.seed", () => {
  it("answer what kit mock answers with that seed, for every operation", async () => {
    const dir = await tempDir();
    await copyFile(
      `${REPO_ROOT}packages/cli/test/fixtures/msw-shapes.yaml`,
      join(dir, "openapi.yaml"),
    );
    const config = { input: "openapi.yaml", output: "api", mock: { seed: 7, handlers: "msw" } };
    await writeFile(join(dir, "kit.config.json"), JSON.stringify(config));
    expect(await runCli(["generate"], captureIo(dir))).toBe(0);
    const contents = await readFile(join(dir, "api/mocks/shapes.handlers.ts"), "utf8");
    expect(contents).toContain("what `kit mock` answers (seed 7)");
    const examples = examplesOf(contents);
    const seedZero = renderDocument(await loadDocument(join(dir, "openapi.yaml")), { mock: "msw" });
    const unseeded = examplesOf(
      seedZero.files.find((file) => file.path === "mocks/shapes.handlers.ts")!.contents,
    );
    // The seed changes the generated values, so agreeing below means the seed reached both.
    expect(examples).not.toEqual(unseeded);
    const mock = await runMock([], dir);
    try {
      const routes = routesOf(contents);
      expect(routes.map(({ name }) => name).sort()).toEqual(Object.keys(examples).sort());
      for (const { name, verb, path } of routes) {
        const answer = await fetch(`${mock.url}${path}`, { method: verb.toUpperCase() });
        expect(answer.status, name).toBe(200);
        expect(await answer.json(), name).toEqual(examples[name]);
      }
    } finally {
      await mock.stop();
    }
  });
});

describe("a document example that breaks its own schema", () => {
  it("is passed over for the next valid one, said once, unless Prefer names it", async () => {
    const mock = await runMock(
      ["-i", `${REPO_ROOT}packages/cli/test/fixtures/msw-shapes.yaml`],
      process.cwd(),
    );
    try {
      for (let round = 0; round < 2; round++) {
        const note = await fetch(`${mock.url}/notes`);
        expect(await note.json()).toEqual({ id: 7, text: "second" });
        const search = await fetch(`${mock.url}/search`, { method: "POST" });
        expect(await search.json()).toEqual({ result: {} });
      }
      const named = await fetch(`${mock.url}/notes`, { headers: { prefer: "example=a-broken" } });
      expect(await named.json()).toEqual({ id: "seven", text: "first" });
      const said = mock.out.filter((line) => line.includes("does not match its schema"));
      expect(said).toEqual([
        'kit mock: #/paths/~1notes/get/responses/200/content/application~1json/examples/a-broken: the example does not match its schema (/id must be integer); answered instead: example "b-valid"',
        "kit mock: #/paths/~1search/post/responses/200/content/application~1json/example: the example does not match its schema (/result must NOT have additional properties); answered instead: a value generated from the schema",
      ]);
    } finally {
      await mock.stop();
    }
  });
});

describe("an allOf whose parts type a key differently", () => {
  it("answers over HTTP with the type the typed part gives, beside another part's untyped extra keys", async () => {
    // appcenter's branch configuration: extra keys must meet an untyped schema of object keywords,
    // which any integer meets; `id` is required as an integer by the other part.
    const file = await documentFile({
      openapi: "3.0.0",
      info: { title: "t", version: "1" },
      paths: {
        "/config": {
          get: {
            responses: {
              200: {
                description: "ok",
                content: {
                  "application/json": {
                    schema: {
                      allOf: [
                        {
                          properties: { signed: { type: "boolean" } },
                          additionalProperties: {
                            properties: { name: { type: "string" } },
                            required: ["name"],
                          },
                        },
                        {
                          type: "object",
                          properties: { id: { type: "integer" } },
                          required: ["id"],
                        },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    const mock = await runMock(["-i", file], process.cwd());
    try {
      const response = await fetch(`${mock.url}/config`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: expect.any(Number) });
      expect(mock.out.filter((line) => line.includes("no value"))).toEqual([]);
    } finally {
      await mock.stop();
    }
  });
});

describe("a schema that admits no value", () => {
  it("is said once, by JSON pointer and why; an optional such property is left out", async () => {
    const answer = (properties: object, required: string[]) => ({
      description: "ok",
      content: { "application/json": { schema: { type: "object", required, properties } } },
    });
    // visualstudio's integer enum of strings; apple's oneOf listing one schema twice.
    const disk = { type: "integer", enum: ["Standard", "Premium"] };
    const twice = { oneOf: [{ type: "string" }, { type: "string" }] };
    const file = await documentFile({
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {
        "/disks": { get: { responses: { 200: answer({ disk }, ["disk"]) } } },
        "/machines": {
          get: { responses: { 200: answer({ id: { type: "string" }, disk, tag: twice }, ["id"]) } },
        },
      },
    });
    const mock = await runMock(["-i", file], process.cwd());
    try {
      for (let round = 0; round < 2; round++) {
        const machine = await fetch(`${mock.url}/machines`);
        expect(await machine.json()).toEqual({ id: expect.any(String) });
        const disks = await fetch(`${mock.url}/disks`);
        expect(disks.status).toBe(200);
      }
      expect(mock.out.filter((line) => line.includes("no value"))).toEqual([
        "kit mock: #/paths/~1disks/get/responses/200/content/application~1json/schema/properties/disk: no value satisfies the schema: its enum lists no integer; answered anyway: a value generated from the schema",
      ]);
    } finally {
      await mock.stop();
    }
  });
});
