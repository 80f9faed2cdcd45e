import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import { loadOpenAPIDocument } from "../../src/openapi/load.js";
import { runMock } from "../mock/run-mock.js";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { useTempDirs } from "../write/temp-dir.js";
import { writeClient } from "./write-client.js";

const tempDir = useTempDirs();

/** A back end whose envelope keys are not Kit's defaults: `{ status, msg, result }`. */
const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Own keys", version: "1" },
  paths: {
    "/pets/{id}": {
      get: {
        operationId: "getPet",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["status", "msg", "result"],
                  properties: {
                    status: { type: "integer" },
                    msg: { type: "string" },
                    result: {
                      type: "object",
                      required: ["id"],
                      properties: { id: { type: "integer", example: 7 } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe("kit mock --envelope with keys of the back end's own", () => {
  it("answers an envelope the schema declares as it is, so the generated client gets its data", async () => {
    const input = join(await tempDir(), "document.json");
    await writeFile(input, JSON.stringify(DOCUMENT));
    const mock = await runMock(["-i", input, "--envelope", "status,msg,result"], process.cwd());
    try {
      const raw = await (await fetch(`${mock.url}/pets/7`)).json();
      expect(raw).toEqual({ status: 0, msg: expect.any(String), result: { id: 7 } });

      const dir = join(SCRATCH_DIR, "mock-keys");
      const envelope = { codeKey: "status", messageKey: "msg", dataKey: "result" };
      await writeClient(
        renderDocument(await loadOpenAPIDocument(input), { baseUrl: mock.url, envelope }),
        dir,
      );
      const client = (await import(pathToFileURL(join(dir, "index.ts")).href)) as {
        defaultApi: { getPet(id: number): { send(): Promise<{ data: unknown; code: unknown }> } };
      };
      expect(await client.defaultApi.getPet(7).send()).toMatchObject({ data: { id: 7 }, code: 0 });
    } finally {
      await mock.stop();
    }
  });
});
