import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateFromOpenAPI } from "../../src/generate.js";

const REPRO = new URL("../../../../corpus/repro/", import.meta.url);

async function generate(repro: string) {
  const document = JSON.parse(await readFile(new URL(repro, REPRO), "utf8")) as object;
  const result = await generateFromOpenAPI(document);
  const api = (name: string) => result.files.find((file) => file.path === `apis/${name}`)!.contents;
  return { result, api };
}

describe("the generator writes what goes over the wire as the document declares it", () => {
  it("keeps a +json request media type as written", async () => {
    const { api } = await generate("json-family-request.json");
    expect(api("default.api.ts")).toContain(
      '@Patch("/api/v1/namespaces/:namespace")\n  @ContentType("application/merge-patch+json")',
    );
    expect(api("default.api.ts")).toContain('@ContentType("application/problem+json")');
  });

  it("writes no @ContentType for a form body without fields", async () => {
    const { api } = await generate("form-body-without-fields.json");
    expect(api("default.api.ts")).not.toContain("@ContentType");
    expect(api("default.api.ts")).toContain("getBalance(): Promise<GetBalanceResponse>");
  });

  it("passes each form field's encoding to @Data, and nothing for fields without one", async () => {
    const { api } = await generate("form-encoding.json");
    const text = api("default.api.ts");
    expect(text).toContain('@Data("metadata", { style: "deepObject", explode: true })');
    expect(text).toContain('@Data("items", { style: "deepObject", explode: true })');
    expect(text).toMatch(/@Data\("address"\) \w+\?:/);
  });

  it("reads a string under */* or text/* as text, a binary string as a Blob, an object as JSON", async () => {
    const { api } = await generate("text-under-media-range.json");
    const text = api("default.api.ts");
    expect(text).toContain('@Get("/hello")\n  @ResponseType("text")\n  hello(): Promise<string>');
    expect(text).toContain('@Get("/log")\n  @ResponseType("text")\n  readLog(): Promise<string>');
    expect(text).toContain('@Get("/report")\n  @ResponseType("blob")\n  report(): Promise<Blob>');
    expect(text).toContain('@Get("/greeting")\n  greeting(): Promise<GreetingResponse>');
  });

  it("generates an empty client with one warning for a 3.1 document with only webhooks", async () => {
    const { result } = await generate("webhooks-only.json");
    expect(result.files.map((file) => file.path).sort()).toEqual([
      "index.ts",
      "service.config.ts",
      "service.ts",
      "types/index.ts",
    ]);
    expect(result.warnings).toEqual([
      '#/webhooks: the document has no "paths" (OpenAPI 3.1 allows describing only webhooks or components), so the client has no operations',
    ]);
  });

  it("declares envelope: false on every class, so a {code, message, data} response typed whole stays whole", async () => {
    const { result, api } = await generate("data-not-envelope.json");
    expect(result.warnings).toEqual([]);
    expect(api("default.api.ts")).toContain('@Api("", { name: "DefaultApi", envelope: false })');
  });

  it("still rejects a 3.0 document without paths", async () => {
    await expect(
      generateFromOpenAPI({ openapi: "3.0.3", info: { title: "t", version: "1" } }),
    ).rejects.toThrow('expected a "paths" object, got nothing');
  });
});
