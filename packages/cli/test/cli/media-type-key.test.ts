import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/bin.js";
import { useTempDirs } from "../write/temp-dir.js";
import { captureIo } from "./capture-io.js";

const tempDir = useTempDirs();

function documentWith(requestMedia: string, responseMedia: string): object {
  return {
    openapi: "3.0.3",
    info: { title: "media type keys", version: "1" },
    paths: {
      "/foo": {
        post: {
          operationId: "postFoo",
          requestBody: { content: { [requestMedia]: { schema: { type: "string" } } } },
          responses: {
            "200": {
              description: "ok",
              content: { [responseMedia]: { schema: { type: "string" } } },
            },
          },
        },
      },
    },
  };
}

async function generate(
  document: object,
): Promise<{ code: number; err: string[]; files: string[] }> {
  const cwd = await tempDir();
  await writeFile(path.join(cwd, "openapi.json"), JSON.stringify(document, null, 2));
  const io = captureIo(cwd);
  const code = await runCli(["generate", "-i", "openapi.json", "-o", "client"], io);
  return { code, err: io.err, files: await readdir(cwd) };
}

describe("kit generate on a media type key that cannot be a header value", () => {
  it("refuses a line break in a request media type with one line naming its pointer", async () => {
    const { code, err, files } = await generate(
      documentWith("application/json\ninjected", "application/json"),
    );
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toContain(
      "#/paths/~1foo/post/requestBody/content/application~1json\\u000ainjected (",
    );
    expect(err[0]).toContain("the request media type holds a line break, a control character");
    expect(err[0]).toContain("openapi.json:");
    expect(files).toEqual(["openapi.json"]);
  });

  it("refuses a control character in a request media type; a response one is not sent", async () => {
    const refused = await generate(documentWith("text/plain\u0000", "application/json"));
    expect(refused.code).toBe(1);
    expect(refused.err).toHaveLength(1);
    expect(refused.err[0]).toContain("#/paths/~1foo/post/requestBody/content/text~1plain\\u0000 (");
    const answered = await generate(documentWith("application/json", "text/plain\u200b"));
    expect(answered.err).toEqual([]);
    expect(answered.code).toBe(0);
  });

  it("still generates for media type parameters and a tab", async () => {
    const { code, err } = await generate(
      documentWith("application/json; charset=utf-8", "text/plain;\tcharset=utf-8"),
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
  });
});
