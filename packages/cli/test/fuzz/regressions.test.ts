import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SCRATCH_DIR } from "../support/output-dir.js";
import { generateOrFail } from "./properties.js";
import { runBatch } from "./run-batch.js";

/** Minimal documents from counterexamples the fuzzer found, each checked against every property. */
const COUNTEREXAMPLES: Record<string, object> = {
  "a tag starting with a digit names a class and an instance": document({
    "/codes": { get: { tags: ["2fa"], responses: { "204": { description: "d" } } } },
  }),
  "a query key __proto__ is sent, not swallowed by the prototype": document({
    "/search": {
      get: {
        parameters: [{ name: "__proto__", in: "query", schema: { type: "string" } }],
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "a form field __proto__ is sent": document({
    "/login": {
      post: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: { ["__proto__"]: { type: "string" } } },
            },
          },
        },
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "an empty query key": document({
    "/search": {
      get: {
        parameters: [{ name: "", in: "query", schema: { type: "string" } }],
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "an empty form field name": document({
    "/login": {
      post: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: { "": { type: "string" } } },
            },
          },
        },
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "an operationId starting with a digit names its inline payload type": document({
    "/codes": {
      post: {
        operationId: "1st",
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { code: { type: "string" } } },
            },
          },
        },
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "placeholders that sanitize to the same key": document({
    "/pets/{pet-id}/{pet.id}": {
      get: {
        parameters: [
          { name: "pet-id", in: "path", required: true, schema: { type: "string" } },
          { name: "pet.id", in: "path", required: true, schema: { type: "string" } },
        ],
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "a placeholder followed by letters in the same segment": document({
    "/files/{name}x": {
      get: {
        parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "a placeholder both glued to letters and whole in one path": document({
    "/v{name}x/a/order/{name}": {
      head: {
        parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "a component renamed for a clash (Api → Api2) that is a union containing itself": document(
    {
      "/loops": {
        get: {
          responses: {
            "200": {
              description: "d",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Api" } } },
            },
          },
        },
      },
    },
    {
      components: {
        schemas: { Api: { anyOf: [{ const: 2 }, { $ref: "#/components/schemas/Api" }] } },
      },
    },
  ),
  "a component that names itself inside an intersection branch of its union": document(
    {
      "/loops": {
        get: {
          responses: {
            "200": {
              description: "d",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Loop" } } },
            },
          },
        },
      },
    },
    {
      components: {
        schemas: {
          Loop: {
            anyOf: [
              { const: "a" },
              { allOf: [{ $ref: "#/components/schemas/Loop" }, { const: "x" }] },
            ],
          },
        },
      },
    },
  ),
  "a component that names itself in a union inside an intersection inside its intersection":
    document(
      {
        "/loops": {
          get: {
            responses: {
              "200": {
                description: "d",
                content: { "application/json": { schema: { $ref: "#/components/schemas/Files" } } },
              },
            },
          },
        },
      },
      {
        components: {
          schemas: {
            Files: {
              allOf: [
                { type: "string", format: "binary" },
                {
                  anyOf: [
                    { $ref: "#/components/schemas/Files" },
                    { enum: [1, 2] },
                    { allOf: [{ const: null }, { $ref: "#/components/schemas/Files" }] },
                  ],
                },
                { type: "array", items: { $ref: "#/components/schemas/Files" } },
              ],
            },
          },
        },
      },
    ),
  "two type aliases naming each other in their unions": document(
    {
      "/loops": {
        get: {
          responses: {
            "200": {
              description: "d",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Ping" } } },
            },
          },
        },
      },
    },
    {
      components: {
        schemas: {
          Ping: { anyOf: [{ const: 1 }, { $ref: "#/components/schemas/Pong" }] },
          Pong: { anyOf: [{ $ref: "#/components/schemas/Ping" }, { const: "store" }] },
        },
      },
    },
  ),
  "a multipart field whose schema is null": document({
    "/upload": {
      post: {
        requestBody: {
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: { file: null, list: { type: "array", items: null } },
              },
            },
          },
        },
        responses: { "204": { description: "d" } },
      },
    },
  }),
  "a type alias that is a union holding a map of itself": document(
    {
      "/trees": {
        get: {
          responses: {
            "200": {
              description: "d",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Tree" } } },
            },
          },
        },
      },
    },
    {
      components: {
        schemas: {
          Tree: {
            oneOf: [
              { type: "integer" },
              { type: "object", additionalProperties: { $ref: "#/components/schemas/Tree" } },
            ],
          },
        },
      },
    },
  ),
  "a named type absorbed by unknown in a form field union is not imported": document(
    {
      "/things": {
        get: {
          tags: ["first"],
          responses: {
            "200": {
              description: "d",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
            },
          },
        },
      },
      "/form": {
        put: {
          tags: ["second"],
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  properties: { f: { anyOf: [{ $ref: "#/components/schemas/Thing" }, {}] } },
                },
              },
            },
          },
          responses: { "204": { description: "d" } },
        },
      },
    },
    {
      components: {
        schemas: { Thing: { type: "object", properties: { id: { type: "string" } } } },
      },
    },
  ),
};

function document(paths: object, extra: object = {}): object {
  return { openapi: "3.1.0", info: { title: "t", version: "1" }, paths, ...extra };
}

describe("fuzzer counterexamples", () => {
  const names = Object.keys(COUNTEREXAMPLES);
  const reports = runBatch(
    Object.values(COUNTEREXAMPLES),
    join(SCRATCH_DIR, "fuzz", "regressions"),
    1,
  );
  it.each(names.map((name, index) => [name, index] as const))("%s", async (_, index) => {
    const report = (await reports)[index]!;
    expect(report.generated || report.failures.length > 0).toBe(true);
    expect(report.failures.map((failure) => failure.detail)).toEqual([]);
  });

  it("a description that is not a string is left out, not a crash", async () => {
    const odd = document({
      "/odd": {
        get: {
          summary: 7,
          parameters: [{ name: "q", in: "query", description: ["x"], schema: { type: "string" } }],
          responses: {
            "200": {
              description: "d",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { a: { type: "string", description: { $ref: "#/nowhere" } } },
                  },
                },
              },
            },
          },
        },
      },
    });
    expect((await generateOrFail(odd)).failure).toBeUndefined();
  });

  it("a $ref cycle below a property key with a line break is reported on one line", async () => {
    const cyclic = document(
      {
        "/a": {
          get: {
            parameters: [
              {
                name: "q",
                in: "query",
                schema: {
                  type: "object",
                  properties: { "a\r\nb": { $ref: "#/components/schemas/Loop" } },
                },
              },
            ],
            responses: { "204": { description: "d" } },
          },
        },
      },
      { components: { schemas: { Loop: { $ref: "#/components/schemas/Loop" } } } },
    );
    expect(await generateOrFail(cyclic)).toEqual({});
  });
});
