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
 * #33 class 11 (b): `format: binary` inside a JSON value is text on the wire, so it is typed
 * `string` (with a warning), while the multipart form of the same component keeps `Blob` for its
 * file parts. Type-checked by tsc 7 and 5.9, and sent to a loopback server over axios's http
 * adapter and the fetch adapter.
 */
const DIR = join(SCRATCH_DIR, "binary-in-json");

const BINARY = { type: "string", format: "binary" };
const NO_CONTENT = { "204": { description: "done" } };

function documentFor(port: number): object {
  return {
    openapi: "3.0.3",
    info: { title: "t", version: "1" },
    servers: [{ url: `http://127.0.0.1:${port}` }],
    components: {
      schemas: {
        Note: {
          type: "object",
          required: ["title"],
          properties: {
            title: { type: "string" },
            attachment: BINARY,
            pages: { type: "array", items: BINARY },
            meta: { type: "object", properties: { thumbnail: BINARY } },
          },
        },
      },
    },
    paths: {
      "/notes": {
        post: {
          operationId: "createNote",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Note" } } },
          },
          responses: NO_CONTENT,
        },
        get: {
          operationId: "getNote",
          responses: {
            "200": {
              description: "the note",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Note" } } },
            },
          },
        },
      },
      "/notes/upload": {
        post: {
          operationId: "uploadNote",
          requestBody: {
            required: true,
            content: { "multipart/form-data": { schema: { $ref: "#/components/schemas/Note" } } },
          },
          responses: NO_CONTENT,
        },
      },
      // Bytes declared as application/json: sent and read whole, as bytes.
      "/raw": {
        post: {
          operationId: "uploadRaw",
          requestBody: { required: true, content: { "application/json": { schema: BINARY } } },
          responses: NO_CONTENT,
        },
        get: {
          operationId: "downloadRaw",
          responses: {
            "200": { description: "bytes", content: { "application/json": { schema: BINARY } } },
          },
        },
      },
    },
  };
}

/** The user's code: each `@ts-expect-error` fails the compile if its line type-checks. */
const USAGE = `import { Server } from "@kit/api";
import { formData } from "@kit/api/form";
import { expectTypeOf } from "vitest";
import { DefaultApi } from "./apis/default.api";
import { Service } from "./service";
import type { Note, UploadNoteForm } from "./types/default";

const note: Note = { title: "t", attachment: "aGVsbG8=", pages: ["cA=="], meta: { thumbnail: "dA==" } };
// @ts-expect-error inside JSON a Blob would be sent as {}
const wrong: Note = { title: "t", attachment: new Blob(["x"]) };
void wrong;
expectTypeOf<UploadNoteForm["attachment"]>().toEqualTypeOf<Blob | undefined>();
expectTypeOf<UploadNoteForm["pages"]>().toEqualTypeOf<Blob[] | undefined>();
// An object field is sent as an application/json part: text again.
expectTypeOf<NonNullable<UploadNoteForm["meta"]>["thumbnail"]>().toEqualTypeOf<string | undefined>();
// @ts-expect-error a multipart file part takes a Blob
formData<UploadNoteForm>({ title: "t", attachment: "aGVsbG8=" });
expectTypeOf<Parameters<DefaultApi["uploadRaw"]>[0]>().toEqualTypeOf<Blob>();

export async function send(adapter: "http" | "fetch"): Promise<string | undefined> {
  @Server({ adapter })
  class Configured extends Service {}
  const api = new Configured().createApi(DefaultApi);
  await api.createNote(note).send();
  const file = new Blob(["PNGDATA"], { type: "image/png" });
  await api.uploadNote(formData<UploadNoteForm>({ title: "t", attachment: file })).send();
  const read = (await api.getNote().send()).data;
  expectTypeOf(read.attachment).toEqualTypeOf<string | undefined>();
  return read.attachment;
}

export async function download(adapter: "http" | "fetch"): Promise<number[]> {
  @Server({ adapter })
  class Configured extends Service {}
  const raw = (await new Configured().createApi(DefaultApi).downloadRaw().send()).data;
  expectTypeOf(raw).toEqualTypeOf<Blob>();
  return [...new Uint8Array(await raw.arrayBuffer())];
}
`;

interface Seen {
  url: string;
  contentType: string | undefined;
  body: string;
}

let loopback: RecordingServer;
const seen = (): Seen[] =>
  loopback.received.map(({ method, url, headers, body }) => ({
    url: `${method} ${url}`,
    contentType: headers["content-type"],
    body: body.toString("utf8"),
  }));
let result: GenerateResult;

beforeAll(async () => {
  requireBuiltRuntime();
  loopback = await startRecordingServer((request, response) => {
    if (request.url === "/raw") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(Buffer.from([0x00, 0xff, 0x7b]));
    } else if (request.method === "GET") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"title":"t","attachment":"aGVsbG8="}');
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

function typesFile(): string {
  return result.files.find((file) => file.path === "types/default.ts")!.contents;
}

describe("format: binary inside JSON is a string, a multipart part a Blob (#33 class 11 b)", () => {
  it("types the component's binary fields string and the form's file fields Blob, with warnings", () => {
    expect(typesFile()).toContain(
      "export interface Note {\n  /** Format: binary */\n  attachment?: string;",
    );
    expect(typesFile()).toContain(
      "export interface UploadNoteForm {\n  /** Format: binary */\n  attachment?: Blob;",
    );
    const warnings = result.warnings.filter((warning) => !warning.includes("names a host"));
    expect(warnings.sort()).toEqual(
      ["attachment", "meta/properties/thumbnail", "pages/items"].map(
        (at) =>
          `#/components/schemas/Note/properties/${at}: format: binary where the value is text (JSON, a parameter or a form field carry no bytes); typed string, holding whatever encoding the API uses`,
      ),
    );
  });

  it("type-checks with TypeScript 7 and 5.9", async () => {
    for (const [, compiler] of COMPILERS) {
      const { code, output } = await compileProject(compiler, DIR);
      expect(output, compiler).toBe("");
      expect(code).toBe(0);
    }
  }, 120_000);

  it.each(["http", "fetch"] as const)(
    "sends the string in JSON and the file as a part over %s",
    async (adapter) => {
      loopback.received.length = 0;
      const usage = (await import(pathToFileURL(join(DIR, "usage.ts")).href)) as {
        send(adapter: string): Promise<string | undefined>;
        download(adapter: string): Promise<number[]>;
      };
      expect(await usage.send(adapter)).toBe("aGVsbG8=");
      const [json, multipart] = seen();
      expect(json).toEqual({
        url: "POST /notes",
        contentType: "application/json",
        body: '{"title":"t","attachment":"aGVsbG8=","pages":["cA=="],"meta":{"thumbnail":"dA=="}}',
      });
      expect(multipart!.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(multipart!.body).toMatch(
        /name="attachment"; filename="[^"]*"\r\nContent-Type: image\/png\r\n\r\nPNGDATA/,
      );
      expect(await usage.download(adapter)).toEqual([0x00, 0xff, 0x7b]);
    },
  );
});
