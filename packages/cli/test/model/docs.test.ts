import { describe, expect, it } from "vitest";
import { planDocument } from "../../src/model/plan.js";
import { Warnings } from "../../src/model/warnings.js";
import { inlineDocument } from "../support/fixtures.js";
import { builder } from "./schema/support.js";

describe("doc comments carry what the document says about values", () => {
  it("a property: description, format, deprecated, default and example", () => {
    const { build } = builder();
    const tree = build({
      type: "object",
      properties: {
        size: {
          type: "integer",
          format: "int32",
          description: "How big",
          deprecated: true,
          default: 1,
          example: { nested: "*/", after: [{ z: 1, a: 2 }] },
        },
        plain: { type: "string" },
      },
    });
    expect(tree.kind === "object" && tree.properties.map((p) => p.doc)).toEqual([
      { paragraphs: [], tags: [] },
      {
        paragraphs: ["How big", "Format: int32"],
        // Keys sorted: the same whatever the document's key order.
        tags: ["@deprecated", "@default 1", '@example {"after":[{"a":2,"z":1}],"nested":"*/"}'],
      },
    ]);
  });

  it("a parameter: one @param line with its description, deprecation, default and example", () => {
    const loaded = inlineDocument({
      paths: {
        "/pets/{id}": {
          put: {
            operationId: "put",
            parameters: [
              {
                name: "id",
                in: "path",
                required: true,
                description: "The id",
                example: 7,
                schema: { type: "integer" },
              },
              {
                name: "sort",
                in: "query",
                deprecated: true,
                schema: { type: "string", default: "name", description: "Order" },
              },
              { name: "plain", in: "query", schema: { type: "string" } },
            ],
            requestBody: {
              description: "The new pet",
              content: { "application/json": { schema: { type: "string" } } },
            },
            responses: { "204": { description: "done" } },
          },
        },
      },
    });
    const plan = planDocument(loaded, {}, new Warnings());
    expect(plan.apis[0]!.methods[0]!.doc).toEqual({
      paragraphs: ["PUT /pets/{id}"],
      tags: [
        "@param id The id\nExample: 7",
        '@param sort Deprecated.\nOrder\nDefault: "name"',
        "@param payload The new pet",
      ],
    });
  });
});
