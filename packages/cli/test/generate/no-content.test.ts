import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";
import { writeClient } from "../envelope/write-client.js";
import { SCRATCH_DIR } from "../support/output-dir.js";

/** A 204 that declares a JSON body, as 62 directory documents do. */
const document = {
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {
    "/notes/{id}": {
      delete: {
        operationId: "deleteNote",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "204": {
            description: "deleted",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id"],
                  properties: { id: { type: "string" } },
                },
              },
            },
          },
        },
      },
    },
  },
};

let server: Server;
let origin: string;

beforeAll(async () => {
  // Node ends a 204 at its headers whatever the handler writes, as every HTTP server must.
  server = createServer((_request, response) => {
    response.writeHead(204, { "content-type": "application/json" }).end('{"id":"n1"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("a 204 declared with content is typed void, and void is what a caller receives from a real server", async () => {
  const result = await generateFromOpenAPI(document, { baseUrl: origin });
  const api = result.files.find((file) => file.path === "apis/default.api.ts")!.contents;
  expect(api).toContain("deleteNote(id: string): Promise<void>;");
  await writeClient(result, join(SCRATCH_DIR, "no-content"));
  const { defaultApi } = (await import(
    pathToFileURL(join(SCRATCH_DIR, "no-content", "index.ts")).href
  )) as {
    defaultApi: { deleteNote(id: string): { send(): Promise<{ status: number; data: unknown }> } };
  };
  const answer = await defaultApi.deleteNote("n1").send();
  expect(answer.status).toBe(204);
  expect(answer.data).toBeUndefined();
});
