import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formData } from "../src/form/index.js";
import { Api, ContentType, Data, Post } from "../src/index.js";
import { echoOf } from "./support/echo.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

@Api("/echo")
class UploadApi {
  @Post("/upload")
  @ContentType("multipart/form-data")
  upload(@Data() _form: FormData): Promise<unknown> {
    return null!;
  }
}

/** The parts the server received, read back by the platform's own multipart parser. */
async function partsSent(form: FormData): Promise<FormData> {
  const api = serviceFor(http.origin).createApi(UploadApi);
  const echo = echoOf(await api.upload(form).send());
  const type = echo.headers["content-type"]!;
  expect(type).toMatch(/^multipart\/form-data; boundary=/);
  return new Response(echo.body, { headers: { "content-type": type } }).formData();
}

describe("formData", () => {
  test("writes files, repeated keys, JSON parts, dates and text as OpenAPI's defaults say", async () => {
    const file = new File(["PNGDATA"], "pet.png", { type: "image/png" });
    const form = formData({
      file,
      purpose: "avatar",
      tags: ["a", "b", null],
      meta: { size: 2, owner: { id: 7 } },
      owners: [{ id: 1 }, { id: 2 }],
      when: new Date(0),
      count: 3,
      skipped: undefined,
    });
    const parts = await partsSent(form);
    expect([...new Set(parts.keys())]).toEqual([
      "file",
      "purpose",
      "tags",
      "meta",
      "owners",
      "when",
      "count",
    ]);
    const sentFile = parts.get("file") as File;
    expect([sentFile.name, sentFile.type, await sentFile.text()]).toEqual([
      "pet.png",
      "image/png",
      "PNGDATA",
    ]);
    expect(parts.get("purpose")).toBe("avatar");
    expect(parts.getAll("tags")).toEqual(["a", "b"]);
    const meta = parts.get("meta") as File;
    expect(meta.type).toBe("application/json");
    expect(JSON.parse(await meta.text())).toEqual({ size: 2, owner: { id: 7 } });
    const owners = parts.getAll("owners") as File[];
    expect(await Promise.all(owners.map((part) => part.text()))).toEqual(['{"id":1}', '{"id":2}']);
    expect(parts.get("when")).toBe("1970-01-01T00:00:00.000Z");
    expect(parts.get("count")).toBe("3");
  });

  test("gives a part the content type the document's encoding names", async () => {
    const form = formData(
      { note: "# Title", meta: { a: 1 } },
      { note: { contentType: "text/markdown" }, meta: { contentType: "application/vnd.kit+json" } },
    );
    const parts = await partsSent(form);
    const note = parts.get("note") as File;
    expect([note.type, await note.text()]).toEqual(["text/markdown", "# Title"]);
    expect((parts.get("meta") as File).type).toBe("application/vnd.kit+json");
  });
});
