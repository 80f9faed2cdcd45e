import { describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import { inlineDocument } from "../support/fixtures.js";

/** Generates a document with one operation, `POST /notes`, and returns its warnings. */
function warningsFor(operation: Record<string, unknown>, schemas: Record<string, unknown> = {}) {
  const loaded = inlineDocument({
    paths: {
      "/notes/{id}": {
        post: { responses: { "204": { description: "done" } }, ...operation },
      },
    },
    components: { schemas },
  });
  const result = renderDocument(loaded);
  const api = result.files.find((file) => file.path.startsWith("apis/"))!.contents;
  return { warnings: result.warnings, api };
}

const ID = { name: "id", in: "path", required: true, schema: { type: "string" } };

describe("every guess in the whole output has exactly one warning naming its place", () => {
  it("a JSON request body without a schema is unknown", () => {
    const { warnings, api } = warningsFor({
      parameters: [ID],
      requestBody: { required: true, content: { "application/json": {} } },
    });
    expect(api).toContain("payload: unknown");
    expect(warnings).toEqual([
      "#/paths/~1notes~1{id}/post/requestBody/content/application~1json (line 1): request body has no schema; typed unknown",
    ]);
  });

  it("a parameter with neither schema nor content is string", () => {
    const { warnings, api } = warningsFor({ parameters: [ID, { name: "q", in: "query" }] });
    expect(api).toContain("q?: string");
    expect(warnings).toEqual([
      "#/paths/~1notes~1{id}/post/parameters/1 (line 1): parameter has no schema; typed string",
    ]);
  });

  it("a 204 response that declares content returns nothing, since HTTP sends it no body", () => {
    const { warnings, api } = warningsFor({
      parameters: [ID],
      responses: {
        "204": {
          description: "deleted",
          content: { "application/json": { schema: { type: "object", properties: {} } } },
        },
      },
    });
    expect(api).toMatch(/\(id: string\): Promise<void>;/);
    expect(warnings).toEqual([
      "#/paths/~1notes~1{id}/post/responses/204/content (line 1): a 204 response cannot carry content (RFC 9110), so no client ever receives it; typed as no content",
    ]);
  });

  it("a path parameter the operation does not declare is string, reported once", () => {
    const { warnings, api } = warningsFor({});
    expect(api).toContain("id: string");
    expect(warnings).toEqual([
      '#/paths/~1notes~1{id}/post (line 1): path parameter "id" is not declared; it is typed string',
    ]);
  });

  it("branches that only constrain are not reported where nothing in the output is unknown", () => {
    const Gist = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      anyOf: [{ required: ["a"] }, { required: ["b"] }],
    };
    const { warnings, api } = warningsFor(
      {
        parameters: [ID],
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/Gist" } } },
        },
      },
      { Gist },
    );
    expect(api).toContain("payload?: Gist");
    expect(warnings).toEqual([]);
  });

  it("the same branches are reported, each once, where they leave the output unknown", () => {
    const Loose = { anyOf: [{ required: ["a"] }, { required: ["b"] }] };
    const { warnings } = warningsFor(
      {
        parameters: [ID],
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/Loose" } } },
        },
      },
      { Loose },
    );
    expect(warnings).toEqual([
      "#/components/schemas/Loose/anyOf/0 (line 1): schema has no type and no structure; typed unknown",
      "#/components/schemas/Loose/anyOf/1 (line 1): schema has no type and no structure; typed unknown",
    ]);
  });
});
