import { writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import type { GenerateResult } from "../../src/options.js";
import { type MockUnderTest, runMock } from "../mock/run-mock.js";
import { fixturePath, loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR, writeOutput, writeTsconfig } from "../support/output-dir.js";
import { COMPILERS, compileProject, requireBuiltRuntime } from "../support/tsc.js";

/**
 * #33 class 15: a 200 that answers JSON (or audio) or a stream, as OpenAI's chat completions,
 * responses and speech do by a flag in the body. Both readings are generated methods, each typed
 * by its own media type's schema; the user's code is type-checked by tsc 7 and 5.9 and run against
 * a loopback server that streams only when asked, over axios's http adapter and the fetch adapter,
 * and against `kit mock`, which answers by `Accept`.
 */
const DIR = join(SCRATCH_DIR, "json-or-stream");

const USAGE = `import { Server } from "@kit/api";
import { eventStream, jsonLines } from "@kit/api/stream";
import { expectTypeOf } from "vitest";
import type { KitJsonLines, KitServerSentEvents } from "@kit/api";
import { AudioApi } from "./apis/audio.api";
import { ChatApi } from "./apis/chat.api";
import { ResponsesApi } from "./apis/responses.api";
import { Service } from "./service";
import type {
  CreateChatCompletionResponse,
  CreateChatCompletionStreamResponse,
  Response,
  ResponseStreamEvent,
  Row,
  SpeechStreamEvent,
} from "./types";

type Chat = InstanceType<typeof ChatApi>;
expectTypeOf<ReturnType<Chat["createChatCompletion"]>>().toEqualTypeOf<
  Promise<CreateChatCompletionResponse>
>();
expectTypeOf<ReturnType<Chat["createChatCompletionStream"]>>().toEqualTypeOf<
  Promise<KitServerSentEvents<CreateChatCompletionStreamResponse>>
>();
expectTypeOf<ReturnType<InstanceType<typeof AudioApi>["createSpeech"]>>().toEqualTypeOf<
  Promise<Blob>
>();
expectTypeOf<ReturnType<InstanceType<typeof AudioApi>["createSpeechStream"]>>().toEqualTypeOf<
  Promise<KitServerSentEvents<SpeechStreamEvent>>
>();
expectTypeOf<ReturnType<InstanceType<typeof ResponsesApi>["exportRowsStream"]>>().toEqualTypeOf<
  Promise<KitJsonLines<Row>>
>();

export function client(adapter: "http" | "fetch", baseURL: string) {
  @Server({ adapter, baseURL })
  class Configured extends Service {}
  const server = new Configured();
  return {
    chat: server.createApi(ChatApi),
    audio: server.createApi(AudioApi),
    responses: server.createApi(ResponsesApi),
  };
}

const messages = [{ role: "user", content: "hello kit world" }];

/** The JSON answer, then the streamed one, of the same operation. */
export async function chat(adapter: "http" | "fetch", baseURL: string): Promise<unknown[]> {
  const { chat } = client(adapter, baseURL);
  const whole = (await chat.createChatCompletion({ model: "m", messages }).send()).data;
  expectTypeOf(whole).toEqualTypeOf<CreateChatCompletionResponse>();
  const deltas: string[] = [];
  const request = chat.createChatCompletionStream({ model: "m", messages, stream: true });
  for await (const event of eventStream(request)) {
    // OpenAI ends its stream with a data line the document does not describe.
    if (event.text === "[DONE]") break;
    expectTypeOf(event.data).toEqualTypeOf<CreateChatCompletionStreamResponse>();
    deltas.push(event.data.choices[0]?.delta.content ?? "");
  }
  return [whole.object, whole.choices[0]?.message.content, deltas];
}

/** The audio bytes, then the audio streamed as events. */
export async function speech(adapter: "http" | "fetch", baseURL: string): Promise<unknown[]> {
  const { audio } = client(adapter, baseURL);
  const file = (await audio.createSpeech({ input: "hi" }).send()).data;
  expectTypeOf(file).toEqualTypeOf<Blob>();
  const events: string[] = [];
  for await (const event of eventStream(audio.createSpeechStream({ input: "hi", stream_format: "sse" }))) {
    expectTypeOf(event.data).toEqualTypeOf<SpeechStreamEvent>();
    events.push(\`\${event.data.type} \${event.data.audio}\`);
  }
  if (!(file instanceof Blob)) throw new Error("expected a Blob");
  return [file.type, [...new Uint8Array(await file.arrayBuffer())], events];
}

/** OpenAPI 3.2's itemSchema types each event's data by its contentSchema; NDJSON by line. */
export async function responses(adapter: "http" | "fetch", baseURL: string): Promise<unknown[]> {
  const { responses } = client(adapter, baseURL);
  const whole = (await responses.createResponse({ input: "hi" }).send()).data;
  expectTypeOf(whole).toEqualTypeOf<Response>();
  const events: string[] = [];
  for await (const event of eventStream(responses.createResponseStream({ input: "hi", stream: true }))) {
    expectTypeOf(event.data).toEqualTypeOf<ResponseStreamEvent>();
    events.push(\`\${event.event} \${event.data.sequence_number}\`);
  }
  const rows = (await responses.exportRows().send()).data;
  expectTypeOf(rows).toEqualTypeOf<Row[]>();
  const lines: number[] = [];
  for await (const row of jsonLines(responses.exportRowsStream())) {
    expectTypeOf(row).toEqualTypeOf<Row>();
    lines.push(row.id);
  }
  return [whole.output_text, events, rows.map((row) => row.id), lines];
}
`;

interface Usage {
  chat(adapter: string, baseURL: string): Promise<unknown[]>;
  speech(adapter: string, baseURL: string): Promise<unknown[]>;
  responses(adapter: string, baseURL: string): Promise<unknown[]>;
}

/** Requests the loopback server saw: `METHOD path accept body`. */
const seen: string[] = [];

const AUDIO = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0xff]);

/** Events as a server writes them, one chunk each. */
function events(...items: { event?: string; data: string }[]): string[] {
  return items.map(({ event, data }) => `${event ? `event: ${event}\n` : ""}data: ${data}\n\n`);
}

/** What the server answers: a stream only when the body's flag or the `Accept` asks for one. */
function answer(
  request: IncomingMessage,
  body: string,
): { type: string; chunks: (string | Buffer)[] } {
  const json = (value: unknown) => ({ type: "application/json", chunks: [JSON.stringify(value)] });
  const flags =
    body === "" ? {} : (JSON.parse(body) as { stream?: boolean; stream_format?: string });
  switch (request.url) {
    case "/v1/chat/completions":
      if (flags.stream !== true) {
        return json({
          id: "c1",
          object: "chat.completion",
          choices: [{ index: 0, message: { role: "assistant", content: "hello kit world" } }],
        });
      }
      return {
        type: "text/event-stream",
        chunks: [
          ...events(
            ...["hello", " kit", " world"].map((content) => ({
              data: JSON.stringify({
                id: "c1",
                object: "chat.completion.chunk",
                choices: [{ index: 0, delta: { content } }],
              }),
            })),
          ),
          "data: [DONE]\n\n",
        ],
      };
    case "/v1/audio/speech":
      if (flags.stream_format !== "sse") return { type: "audio/mpeg", chunks: [AUDIO] };
      return {
        type: "text/event-stream",
        chunks: events(
          { data: JSON.stringify({ type: "speech.audio.delta", audio: "SUQz" }) },
          { data: JSON.stringify({ type: "speech.audio.delta", audio: "BAD/" }) },
        ),
      };
    case "/v1/responses":
      if (flags.stream !== true) return json({ id: "r1", output_text: "hi there" });
      return {
        type: "text/event-stream",
        chunks: events(
          {
            event: "response.output_text.delta",
            data: JSON.stringify({ type: "response.output_text.delta", sequence_number: 1 }),
          },
          {
            event: "response.completed",
            data: JSON.stringify({ type: "response.completed", sequence_number: 2 }),
          },
        ),
      };
    case "/v1/exports":
      // This API chooses by Accept.
      return request.headers.accept?.includes("application/x-ndjson")
        ? { type: "application/x-ndjson", chunks: ['{"id":1}\n', '{"id":2}\n'] }
        : json([{ id: 1 }, { id: 2 }]);
    default:
      return json({ route: request.url });
  }
}

let server: Server;
let origin: string;
let result: GenerateResult;
let usage: Usage;

beforeAll(async () => {
  requireBuiltRuntime();
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      seen.push(`${request.method} ${request.url} ${request.headers.accept} ${body || "-"}`);
      const reply = answer(request, body);
      response.writeHead(200, { "content-type": reply.type });
      for (const chunk of reply.chunks) response.write(chunk);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  result = renderDocument(await loadFixture("json-or-stream.yaml"));
  await writeOutput(result, DIR);
  await writeFile(join(DIR, "usage.ts"), USAGE);
  await writeTsconfig(DIR, ["**/*.ts"]);
  usage = (await import(pathToFileURL(join(DIR, "usage.ts")).href)) as Usage;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function fileOf(path: string): string {
  const file = result.files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`${path} was not generated`);
  return file.contents;
}

describe("a 200 of JSON or a stream gets a method for each reading (#33 class 15)", () => {
  it("keeps the JSON (or binary) method and adds <name>Stream on the same route", () => {
    const chat = fileOf("apis/chat.api.ts");
    expect(chat).toContain(
      "  createChatCompletion(payload: CreateChatCompletionRequest): Promise<CreateChatCompletionResponse>;\n" +
        '  @Post("/chat/completions")\n  createChatCompletion(',
    );
    // The long signature is wrapped (docs/generator.md, output format).
    expect(chat).toContain(
      "): Promise<KitServerSentEvents<CreateChatCompletionStreamResponse>>;\n" +
        '  @Post("/chat/completions")\n  @ResponseType("stream")\n  createChatCompletionStream(',
    );
    expect(chat).toContain(
      "Reads the `text/event-stream` answer as a stream (`createChatCompletion` reads the other)",
    );
    const audio = fileOf("apis/audio.api.ts");
    expect(audio).toContain('@Post("/audio/speech")\n  @ResponseType("blob")\n  createSpeech(');
    expect(audio).toContain(
      "createSpeechStream(payload: CreateSpeechRequest): Promise<KitServerSentEvents<SpeechStreamEvent>>;",
    );
    const responses = fileOf("apis/responses.api.ts");
    expect(responses).toContain("): Promise<KitServerSentEvents<ResponseStreamEvent>>;");
    expect(responses).toContain(
      '  @Get("/exports")\n  @ResponseType("stream")\n  exportRowsStream(): Promise<KitJsonLines<Row>> {',
    );
    expect(result.warnings).toEqual([]);
  });

  it("type-checks with the user's code under TypeScript 7 and 5.9", async () => {
    for (const [, compiler] of COMPILERS) {
      const { code, output } = await compileProject(compiler, DIR);
      expect(output, compiler).toBe("");
      expect(code).toBe(0);
    }
  }, 120_000);

  describe.each(["http", "fetch"] as const)("over the %s adapter", (adapter) => {
    it("chat completions: JSON without stream, typed chunks with stream: true", async () => {
      seen.length = 0;
      expect(await usage.chat(adapter, origin)).toEqual([
        "chat.completion",
        "hello kit world",
        ["hello", " kit", " world"],
      ]);
      expect(seen.map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
        "POST /v1/chat/completions application/json,",
        "POST /v1/chat/completions text/event-stream",
      ]);
      expect(seen[1]).toContain('"stream":true');
    });

    it("speech: the audio bytes by default, events with stream_format sse", async () => {
      expect(await usage.speech(adapter, origin)).toEqual([
        "audio/mpeg",
        [...AUDIO],
        ["speech.audio.delta SUQz", "speech.audio.delta BAD/"],
      ]);
    });

    it("responses: itemSchema types each event's data; NDJSON beside JSON by Accept", async () => {
      expect(await usage.responses(adapter, origin)).toEqual([
        "hi there",
        ["response.output_text.delta 1", "response.completed 2"],
        [1, 2],
        [1, 2],
      ]);
    });
  });
});

describe("kit mock serves both readings, by Accept", () => {
  let mock: MockUnderTest;
  beforeAll(async () => {
    mock = await runMock(["-i", fixturePath("json-or-stream.yaml")], DIR);
  });
  afterAll(async () => {
    await mock.stop();
  });

  it.each(["http", "fetch"] as const)("over the %s adapter", async (adapter) => {
    const base = `${mock.url}/v1`;
    const [object, , deltas] = await usage.chat(adapter, base);
    expect(object).toBe("chat.completion");
    expect((deltas as string[]).length).toBeGreaterThan(0);
    const [audioType, , speechEvents] = await usage.speech(adapter, base);
    expect(audioType).toBe("audio/mpeg");
    expect((speechEvents as string[])[0]).toMatch(/^speech\.audio\.delta /);
    const [text, responseEvents, rows, lines] = await usage.responses(adapter, base);
    expect(typeof text).toBe("string");
    expect((responseEvents as string[]).length).toBeGreaterThan(0);
    expect((rows as number[]).length).toBeGreaterThan(0);
    expect((lines as number[]).length).toBeGreaterThan(0);
    expect(mock.err).toEqual([]);
  });
});
