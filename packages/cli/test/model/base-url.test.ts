import { describe, expect, it } from "vitest";
import { documentBaseUrl, operationServer } from "../../src/model/base-url.js";
import { Warnings } from "../../src/model/warnings.js";
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

  it("writes a numeric or boolean default as its text (#33 class 8)", () => {
    const document = withServers([
      {
        url: "https://h.example.test:{port}/{tls}/{missing}",
        variables: { port: { default: 8443 }, tls: { default: true }, missing: {} },
      },
    ]);
    expect(documentBaseUrl(document)).toBe("https://h.example.test:8443/true/{missing}");
  });
});

describe("operationServer (#33 class 7)", () => {
  const root = withServers([{ url: "https://api.example.test/v1" }]);
  const server = (document: OpenAPIDocument, servers: unknown) => {
    const warnings = new Warnings();
    return {
      url: operationServer(document, servers, "#/paths/~1a/servers", warnings),
      warnings: warnings.messages,
    };
  };

  it("is an absolute server other than the document's, without its trailing slash", () => {
    expect(server(root, [{ url: "https://files.example.test/v2/" }]).url).toBe(
      "https://files.example.test/v2",
    );
  });

  it("resolves a relative server against the document's", () => {
    expect(server(root, [{ url: "/upload" }]).url).toBe("https://api.example.test/upload");
  });

  it("is undefined for none, or the document's own server again", () => {
    expect(server(root, undefined).url).toBeUndefined();
    expect(server(root, [{ url: "https://api.example.test/v1/" }]).url).toBeUndefined();
  });

  it("warns where a relative server meets a relative document server", () => {
    const relative = withServers([{ url: "/v1" }]);
    expect(server(relative, [{ url: "/upload" }])).toEqual({
      url: undefined,
      warnings: [
        '#/paths/~1a/servers: the server "/upload" is relative and so is the document\'s ("/v1"); its calls go to the client\'s base URL',
      ],
    });
    expect(server(relative, [{ url: "/v1" }]).warnings).toEqual([]);
  });

  it("is the document's server written with a scheme where the document's has none", () => {
    const kubernetes = withServers([{ url: "//kubernetes.local" }]);
    expect(server(kubernetes, [{ url: "https://kubernetes.local/" }]).url).toBeUndefined();
  });

  it("fixes a server's variables at their defaults, with a warning", () => {
    const enterprise = withServers([
      {
        url: "{protocol}://{hostname}/api/v3",
        variables: { protocol: { default: "http" }, hostname: { default: "HOSTNAME" } },
      },
    ]);
    const uploads = [
      {
        url: "{protocol}://{hostname}/api/uploads",
        variables: { protocol: { default: "http" }, hostname: { default: "HOSTNAME" } },
      },
    ];
    expect(server(enterprise, uploads)).toEqual({
      url: "http://HOSTNAME/api/uploads",
      warnings: [
        '#/paths/~1a/servers: the server "{protocol}://{hostname}/api/uploads" is fixed at its variables\' defaults ("http://HOSTNAME/api/uploads"); its calls do not follow a base URL set otherwise',
      ],
    });
  });
});
