import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { formData } from "@kit/api/form";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { buildOperations } from "../../src/model/build-operations.js";
import { Warnings } from "../../src/model/warnings.js";
import { loadOpenAPIDocument } from "../../src/openapi/load.js";
import type { GenerateResult } from "../../src/options.js";
import { RequestValidator } from "../../src/wire/index.js";
import { writeClient } from "../envelope/write-client.js";
import { SCRATCH_DIR, writeTsconfig } from "../support/output-dir.js";
import { type RecordingServer, startRecordingServer } from "../support/recording-server.js";
import { COMPILERS, compileProject, requireBuiltRuntime } from "../support/tsc.js";

const DIR = join(SCRATCH_DIR, "form");

/** An upload with a file, a list of files, text, a list of text, an object and a part type. */
const document = {
  openapi: "3.0.3",
  info: { title: "Files", version: "1" },
  paths: {
    "/files/{id}": {
      post: {
        operationId: "uploadFile",
        tags: ["files"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file", "purpose"],
                properties: {
                  file: { type: "string", format: "binary", description: "The file itself." },
                  attachments: { type: "array", items: { type: "string", format: "binary" } },
                  purpose: { type: "string", enum: ["avatar", "document"] },
                  labels: { type: "array", items: { type: "string" } },
                  metadata: {
                    type: "object",
                    properties: { owner: { type: "string" }, size: { type: "integer" } },
                  },
                  note: { type: "string" },
                },
              },
              encoding: { note: { contentType: "text/markdown" } },
            },
          },
        },
        responses: { "204": { description: "Stored." } },
      },
    },
  },
};

let loopback: RecordingServer;
/** The request the server received last. */
const last = () => loopback.received.at(-1)!;
let result: GenerateResult;

beforeAll(async () => {
  requireBuiltRuntime();
  loopback = await startRecordingServer((_request, response) => response.writeHead(204).end());
  result = await generateFromOpenAPI(structuredClone(document), { baseUrl: loopback.origin });
  await writeClient(result, join(DIR, "client"));
});
afterAll(() => loopback.close());

describe("a multipart body", () => {
  it("keeps the seed's FormData parameter and exports <Operation>Form beside it", () => {
    const api = result.files.find((file) => file.path === "apis/files.api.ts")!.contents;
    expect(api).toContain("uploadFile(id: number, formData: FormData): Promise<void>;");
    const types = result.files.find((file) => file.path === "types/files.ts")!.contents;
    expect(types).toContain(
      [
        "/**",
        " * The multipart body of POST /files/{id}.",
        " *",
        " * Build it with `formData<UploadFileForm>({ … })` from `@kit/api/form`.",
        " */",
        "export interface UploadFileForm {",
        "  attachments?: Blob[];",
        "  /**",
        "   * The file itself.",
        "   *",
        "   * Format: binary",
        "   */",
        "  file: Blob;",
        "  labels?: string[];",
        "  metadata?: {",
        "    owner?: string;",
        "    size?: number;",
        "  };",
        '  /** Sent as a `text/markdown` part: pass `{ "note": { contentType: "text/markdown" } }` as formData\'s second argument. */',
        "  note?: string;",
        '  purpose: "avatar" | "document";',
        "}",
      ].join("\n"),
    );
  });

  it("built with formData<UploadFileForm>() reaches the server as parts the mock's validator accepts", async () => {
    const { filesApi } = (await import(pathToFileURL(join(DIR, "client", "index.ts")).href)) as {
      filesApi: { uploadFile(id: number, form: FormData): { send(): Promise<unknown> } };
    };
    const file = new File(["PNGDATA"], "pet.png", { type: "image/png" });
    await filesApi
      .uploadFile(
        7,
        formData(
          {
            file,
            attachments: [new Blob(["A"]), new Blob(["B"])],
            purpose: "avatar",
            labels: ["x", "y"],
            metadata: { owner: "me", size: 2 },
            note: "# Hi",
          },
          { note: { contentType: "text/markdown" } },
        ),
      )
      .send();
    const type = String(last().headers["content-type"]);
    const parts = await new Response(new Uint8Array(last().body), {
      headers: { "content-type": type },
    }).formData();
    expect([...parts.keys()]).toEqual([
      "file",
      "attachments",
      "attachments",
      "purpose",
      "labels",
      "labels",
      "metadata",
      "note",
    ]);
    expect((parts.get("file") as File).name).toBe("pet.png");
    expect((parts.get("metadata") as File).type).toBe("application/json");
    expect((parts.get("note") as File).type).toBe("text/markdown");

    const loaded = await loadOpenAPIDocument(structuredClone(document));
    const [operation] = buildOperations(loaded, { warnings: new Warnings() });
    const sent = {
      method: "POST",
      target: "/files/7",
      headers: { "content-type": type },
      body: new Uint8Array(last().body),
    };
    expect(await new RequestValidator(loaded).validate(operation!, sent)).toEqual([]);
  });
});

const USAGE = `import { formData } from "@kit/api/form";
import { filesApi } from "./client/index";
import type { UploadFileForm } from "./client/types";

export function upload(file: File): void {
  filesApi.uploadFile(1, formData<UploadFileForm>({ file, purpose: "avatar" }));
  filesApi.uploadFile(1, formData<UploadFileForm>({ file, purpose: "document", labels: ["a"], metadata: { size: 1 } }));
  filesApi.uploadFile(1, formData<UploadFileForm>({ file, purpose: "avatar", note: "x" }, { note: { contentType: "text/markdown" } }));
  // @ts-expect-error a misspelt field does not compile
  filesApi.uploadFile(1, formData<UploadFileForm>({ file, purpose: "avatar", lables: ["a"] }));
  // @ts-expect-error nor a missing required one
  filesApi.uploadFile(1, formData<UploadFileForm>({ purpose: "avatar" }));
  // @ts-expect-error nor text where the document says file
  filesApi.uploadFile(1, formData<UploadFileForm>({ file: "not a file", purpose: "avatar" }));
  // @ts-expect-error nor an encoding for a field the form does not have
  formData<UploadFileForm>({ file, purpose: "avatar" }, { nope: { contentType: "text/plain" } });
}
`;

describe("formData<UploadFileForm> under tsc", () => {
  it.each(COMPILERS)(
    "compiles under TypeScript %s, a misspelt field does not",
    async (_version, compiler) => {
      await writeFile(join(DIR, "usage.ts"), USAGE);
      await writeTsconfig(DIR, ["client", "usage.ts"]);
      const { code, output } = await compileProject(compiler, DIR);
      expect(output).toBe("");
      expect(code).toBe(0);
    },
    60_000,
  );
});
