import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUICK_RUN } from "../../../../vitest.suite.js";
import { renderDocument } from "../../src/generate.js";
import type { GenerateResult } from "../../src/options.js";
import { loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { compileProject, requireBuiltRuntime } from "../support/tsc.js";

const DIR = join(SCRATCH_DIR, "capabilities");

function fileOf(result: GenerateResult, path: string): string {
  const file = result.files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`${path} was not generated`);
  return file.contents;
}

/**
 * A user's file beside the generated client, type-checked by tsc and then run against the
 * loopback server: a caught error narrowed by the method's guard has its body typed by status,
 * stream items by their schema. Each `@ts-expect-error` fails the compile if its line type-checks.
 */
const USAGE = `import { isKitErrorOf, type KitServerSentEvent } from "@kit/api";
import { eventStream, jsonLines } from "@kit/api/stream";
import { expectTypeOf } from "vitest";
import type { PetsApi } from "./apis/pets.api";
import { petsApi, streamsApi } from "./index";
import type { Chunk, NotFound, Pet, Problem, Tick } from "./types";

// The seed's return type stays: the error type rides on \`this\`, which no call passes.
expectTypeOf<ReturnType<PetsApi["getPet"]>>().toEqualTypeOf<Promise<Pet>>();

/** What getPet(id) rejects with, read through the method's typed error. */
export async function petError(id: number): Promise<unknown> {
  try {
    expectTypeOf((await petsApi.getPet(id).send()).data).toEqualTypeOf<Pet>();
    return "resolved";
  } catch (error) {
    // @ts-expect-error a caught error is unknown until narrowed
    void error.body;
    if (!isKitErrorOf(petsApi.getPet, error)) return "not getPet's error";
    if (error.kind !== "http") return error.kind;
    // @ts-expect-error a 2xx status is not an error of this method
    if (error.status === 201) return "created";
    if (error.status === 404) {
      expectTypeOf(error.body).toEqualTypeOf<NotFound>();
      return { notFound: error.body.missing };
    }
    if (error.status === 422) {
      expectTypeOf(error.body).toEqualTypeOf<{ errors: string[] }>();
      return { invalid: error.body.errors };
    }
    if (error.status === 418) {
      // 418 is not declared alone: the 4XX response stands for it.
      expectTypeOf(error.body).toEqualTypeOf<string>();
      return { clientError: error.body.toUpperCase() };
    }
    if (error.status === 503) {
      expectTypeOf(error.body).toEqualTypeOf<unknown>();
      return { unavailable: error.body };
    }
    if (error.status === 500) {
      expectTypeOf(error.body).toEqualTypeOf<Problem>();
      return { problem: error.body.title };
    }
    return error.status;
  }
}

/** Whether listPets' guard claims getPet's error: it must not. */
export async function claimedByListPets(id: number): Promise<boolean> {
  try {
    await petsApi.getPet(id).send();
    return false;
  } catch (error) {
    if (!isKitErrorOf(petsApi.listPets, error)) return false;
    // listPets declares no error body type: its HTTP errors keep an unknown body.
    if (error.kind === "http") expectTypeOf(error.body).toEqualTypeOf<unknown>();
    return true;
  }
}

export async function chat(prompt: string): Promise<string[]> {
  const deltas: string[] = [];
  for await (const event of eventStream(streamsApi.chat({ prompt }), { maxReconnects: 0 })) {
    expectTypeOf(event.data).toEqualTypeOf<Chunk>();
    deltas.push(event.data.delta);
  }
  return deltas;
}

export async function ticks(): Promise<string[]> {
  const seen: string[] = [];
  for await (const event of eventStream(streamsApi.ticks())) {
    expectTypeOf(event.data).toEqualTypeOf<Tick>();
    seen.push(\`\${event.id}:\${event.data.n}\`);
  }
  return seen;
}

export async function exportedPets(): Promise<string[]> {
  const names: string[] = [];
  for await (const pet of jsonLines(streamsApi.exportPets())) {
    expectTypeOf(pet).toEqualTypeOf<Pet>();
    names.push(pet.name);
  }
  return names;
}

export async function audit(): Promise<number[]> {
  const ticks: number[] = [];
  for await (const tick of jsonLines(streamsApi.auditLog())) {
    expectTypeOf(tick).toEqualTypeOf<Tick>();
    ticks.push(tick.n);
  }
  return ticks;
}

/** Compiled, never called. */
export function typesOnly(): void {
  // Data the document only calls a string may still arrive parsed as JSON.
  expectTypeOf(eventStream(streamsApi.tailLog())).toEqualTypeOf<
    AsyncGenerator<KitServerSentEvent<unknown>, void, undefined>
  >();
  // @ts-expect-error an NDJSON method is not an event stream
  eventStream(streamsApi.exportPets());
  // @ts-expect-error an event-stream method is not JSON lines
  jsonLines(streamsApi.ticks());
}
`;

type Usage = {
  petError(id: number): Promise<unknown>;
  claimedByListPets(id: number): Promise<boolean>;
  chat(prompt: string): Promise<string[]>;
  ticks(): Promise<string[]>;
  exportedPets(): Promise<string[]>;
  audit(): Promise<number[]>;
};

/** Requests the loopback server saw, as `METHOD path last-event-id body`. */
const seen: string[] = [];
let tickConnections = 0;

interface Reply {
  status: number;
  type?: string;
  /** Written one after the other, so a stream's events arrive as separate chunks. */
  chunks: string[];
}

/** What the loopback server answers to a request for `url` with `body`. */
function answer(url: string | undefined, body: string): Reply {
  const json = (status: number, value: unknown, type = "application/json"): Reply => ({
    status,
    type,
    chunks: [JSON.stringify(value)],
  });
  switch (url) {
    case "/pets/7":
      return json(404, { missing: 7 });
    case "/pets/8":
      return json(422, { errors: ["id is odd"] });
    case "/pets/9":
      return { status: 418, type: "text/plain", chunks: ["short and stout"] };
    case "/pets/10":
      return { status: 503, chunks: [] };
    case "/pets/11":
      return json(500, { title: "down" }, "application/problem+json");
    case "/chat": {
      const { prompt } = JSON.parse(body) as { prompt: string };
      const events = prompt
        .split(" ")
        .map((word) => `event: chunk\ndata: ${JSON.stringify({ delta: word })}\n\n`);
      return { status: 200, type: "text/event-stream", chunks: events };
    }
    case "/ticks":
      tickConnections++;
      // Third connection: 204 ends the stream, as the HTML standard says.
      if (tickConnections > 2) return { status: 204, chunks: [] };
      return {
        status: 200,
        type: "text/event-stream",
        chunks: [
          tickConnections === 1
            ? 'retry: 10\nid: 1\ndata: {"n":1}\n\n'
            : 'id: 2\ndata: {"n":2}\n\n',
        ],
      };
    case "/export":
      return {
        status: 200,
        type: "application/x-ndjson",
        chunks: ['{"id":1,"name":"Rex"}\n', '{"id":2,"name":"Tom"}\n'],
      };
    case "/audit":
      return { status: 200, type: "application/jsonl", chunks: ['{"n":3}\n\n', '{"n":4}'] };
    default:
      return json(404, { route: url });
  }
}

let server: Server;
let result: GenerateResult;

beforeAll(async () => {
  requireBuiltRuntime();
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      seen.push(
        `${request.method} ${request.url} ${request.headers["last-event-id"] ?? "-"} ${body || "-"}`,
      );
      const reply = answer(request.url, body);
      response.writeHead(reply.status, reply.type ? { "content-type": reply.type } : {});
      for (const chunk of reply.chunks) response.write(chunk);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  result = renderDocument(await loadFixture("capabilities.yaml"), { baseUrl: origin });
  await writeOutput(result, DIR);
  await writeFile(join(DIR, "usage.ts"), USAGE);
  // The user's configuration; vitest also reads its experimentalDecorators to run the client.
  await writeTsconfig(DIR, ["**/*.ts"]);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("error responses and stream media types in the generated signatures", () => {
  it("writes the API files in the snapshots", async () => {
    // The base URL is the loopback server's, so service.ts is left out.
    await expect(fileOf(result, "apis/pets.api.ts")).toMatchFileSnapshot(
      "__snapshots__/pets.api.ts.snap",
    );
    await expect(fileOf(result, "apis/streams.api.ts")).toMatchFileSnapshot(
      "__snapshots__/streams.api.ts.snap",
    );
  });

  it("types 4xx, 4XX, 5xx and default responses as the method's this type, keeping Promise<Pet>", () => {
    expect(fileOf(result, "apis/pets.api.ts")).toContain(
      [
        "  getPet(",
        "    this: KitErrors<{ 404: NotFound; 422: {",
        "      errors: string[];",
        '    }; "4XX": string; 503: unknown; default: Problem }>,',
        "    id: number,",
        "  ): Promise<Pet>;",
      ].join("\n"),
    );
  });

  it("gives a method whose error bodies are all untyped no error type", () => {
    expect(fileOf(result, "apis/pets.api.ts")).toContain("  listPets(): Promise<Pet[]> {");
  });

  it("reads event streams and JSON lines as stream methods typed by item, JSON first", () => {
    const streams = fileOf(result, "apis/streams.api.ts");
    // OpenAPI 3.2's itemSchema describes the event; its data's contentSchema is the JSON it holds.
    expect(streams).toContain(
      [
        "  chat(",
        "    this: KitErrors<{ 401: Problem }>,",
        "    payload: ChatPayload,",
        "  ): Promise<KitServerSentEvents<Chunk>>;",
      ].join("\n"),
    );
    expect(streams).toContain(
      '  @ResponseType("stream")\n  ticks(): Promise<KitServerSentEvents<Tick>> {',
    );
    expect(streams).toContain("  tailLog(): Promise<KitServerSentEvents<unknown>> {");
    expect(streams).toContain("  exportPets(): Promise<KitJsonLines<Pet>> {");
    expect(streams).toContain("  auditLog(): Promise<KitJsonLines<Tick>> {");
    expect(streams).toContain('  @Get("/negotiated")\n  negotiated(): Promise<Tick> {');
  });
});

describe("the generated client type-checks with its users' code", () => {
  it("with TypeScript 7 (the native compiler)", async () => {
    expect(await compileProject("node_modules/typescript/bin/tsc", DIR)).toEqual({
      code: 0,
      output: "",
    });
  }, 60_000);

  it.skipIf(QUICK_RUN)(
    "with TypeScript 5.9",
    async () => {
      expect(await compileProject("node_modules/ts5/bin/tsc", DIR)).toEqual({
        code: 0,
        output: "",
      });
    },
    60_000,
  );
});

describe("the same code at run time, against a loopback server", () => {
  let usage: Usage;
  beforeAll(async () => {
    usage = (await import(pathToFileURL(join(DIR, "usage.ts")).href)) as Usage;
  });

  it.each([
    [7, { notFound: 7 }],
    [8, { invalid: ["id is odd"] }],
    [9, { clientError: "SHORT AND STOUT" }],
    [10, { unavailable: "" }],
    [11, { problem: "down" }],
  ])("pet %i: the caught error narrows to its status's typed body", async (id, expected) => {
    expect(await usage.petError(id)).toEqual(expected);
  });

  it("another method's guard does not claim the error", async () => {
    expect(await usage.claimedByListPets(7)).toBe(false);
  });

  it("an event-stream method posts its payload and yields typed events", async () => {
    expect(await usage.chat("hello kit world")).toEqual(["hello", "kit", "world"]);
    expect(seen).toContain('POST /chat - {"prompt":"hello kit world"}');
  });

  it("reconnects after the server's retry with Last-Event-ID until HTTP 204", async () => {
    seen.length = 0;
    expect(await usage.ticks()).toEqual(["1:1", "2:2"]);
    expect(seen).toEqual(["GET /ticks - -", "GET /ticks 1 -", "GET /ticks 2 -"]);
  });

  it("a JSON-lines method yields one typed value per line", async () => {
    expect(await usage.exportedPets()).toEqual(["Rex", "Tom"]);
    expect(await usage.audit()).toEqual([3, 4]);
  });
});
