/** Small OpenAPI documents for the command-line tests. */

const okResponse = (schema: object) => ({
  "200": { description: "ok", content: { "application/json": { schema } } },
});

export const petstore = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "1.0.0" },
  servers: [{ url: "/api" }],
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        tags: ["pets"],
        responses: okResponse({ type: "array", items: { $ref: "#/components/schemas/Pet" } }),
      },
    },
    "/pets/{petId}": {
      get: {
        operationId: "getPet",
        tags: ["pets"],
        parameters: [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }],
        responses: okResponse({ $ref: "#/components/schemas/Pet" }),
      },
    },
    "/store/orders": {
      get: {
        operationId: "listOrders",
        tags: ["store"],
        responses: okResponse({ type: "array", items: { $ref: "#/components/schemas/Order" } }),
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "integer" }, name: { type: "string" } },
      },
      Order: {
        type: "object",
        properties: { id: { type: "integer" }, pet: { $ref: "#/components/schemas/Pet" } },
      },
    },
  },
};

/** Generates, with one warning: a schema without type or structure becomes `unknown`. */
export const withUntypedSchema = {
  openapi: "3.1.0",
  info: { title: "Loose", version: "1.0.0" },
  paths: {
    "/things": {
      get: { operationId: "listThings", tags: ["things"], responses: okResponse({}) },
    },
  },
};

export const swagger2 = { swagger: "2.0", info: { title: "Old", version: "1" }, paths: {} };

export const remoteRef = {
  openapi: "3.0.3",
  info: { title: "Remote", version: "1" },
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        responses: okResponse({ $ref: "https://example.test/schemas.json#/Pet" }),
      },
    },
  },
};

export const missingPaths = { openapi: "3.0.3", info: { title: "No paths", version: "1" } };

export const refCycle = {
  openapi: "3.0.3",
  info: { title: "Cycle", version: "1" },
  paths: {
    "/a": {
      get: { operationId: "getA", responses: okResponse({ $ref: "#/components/schemas/A" }) },
    },
  },
  components: {
    schemas: { A: { $ref: "#/components/schemas/B" }, B: { $ref: "#/components/schemas/A" } },
  },
};

/** YAML whose line 4 has a stray indentation error. */
export const invalidYaml = `openapi: 3.0.3
info:
  title: Broken
    version: 1
paths: {}
`;
