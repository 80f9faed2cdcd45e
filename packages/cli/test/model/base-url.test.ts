import { describe, expect, it } from "vitest";
import { documentBaseUrl } from "../../src/model/base-url.js";
import type { OpenAPIDocument } from "../../src/openapi/types.js";

const withServers = (servers: unknown) =>
  ({ openapi: "3.1.0", paths: {}, servers }) as OpenAPIDocument;

describe("documentBaseUrl", () => {
  it("fills server variables with their defaults", () => {
    const document = withServers([
      {
        url: "https://{region}.example.test/{version}",
        variables: { region: { default: "eu" }, version: { default: "v2" } },
      },
    ]);
    expect(documentBaseUrl(document)).toBe("https://eu.example.test/v2");
  });

  it("keeps a relative URL as written", () => {
    expect(documentBaseUrl(withServers([{ url: "/v3" }, { url: "/other" }]))).toBe("/v3");
  });

  it("drops white space around the URL, which would be sent as %20", () => {
    expect(documentBaseUrl(withServers([{ url: " /v3 \n" }]))).toBe("/v3");
    expect(documentBaseUrl(withServers([{ url: "  " }]))).toBe("/api");
  });

  it("falls back to /api without servers", () => {
    expect(documentBaseUrl(withServers(undefined))).toBe("/api");
    expect(documentBaseUrl(withServers([{ url: "" }]))).toBe("/api");
  });
});
