/** A small document touching every feature of the mock: examples, errors, bodies, parameters. */
export const mockDocument = {
  openapi: "3.0.3",
  info: { title: "Shop", version: "1.0.0" },
  servers: [{ url: "https://shop.example/v1" }],
  paths: {
    "/items": {
      get: {
        operationId: "listItems",
        tags: ["items"],
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 50 } },
          { name: "X-Tenant", in: "header", required: true, schema: { type: "string" } },
        ],
        responses: {
          "200": {
            description: "the items",
            content: {
              "application/json": {
                schema: { type: "array", items: { $ref: "#/components/schemas/Item" } },
              },
            },
          },
        },
      },
      post: {
        operationId: "createItem",
        tags: ["items"],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/NewItem" } } },
        },
        responses: {
          "201": {
            description: "created",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } },
          },
        },
      },
    },
    "/items/mine": {
      get: {
        operationId: "myItems",
        tags: ["items"],
        responses: {
          "200": {
            description: "text",
            content: { "text/plain": { schema: { type: "string", example: "all mine" } } },
          },
        },
      },
    },
    "/items/{id}": {
      get: {
        operationId: "getItem",
        tags: ["items"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: {
          "200": {
            description: "one item",
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/Item" },
                examples: {
                  apple: { value: { id: 1, name: "apple", price: 3 } },
                  pear: { $ref: "#/components/examples/pear" },
                },
              },
            },
          },
          "404": {
            description: "missing",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["message"],
                  properties: { message: { type: "string", example: "no such item" } },
                },
              },
            },
          },
        },
      },
      delete: {
        operationId: "deleteItem",
        tags: ["items"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "204": { description: "deleted" } },
      },
    },
  },
  components: {
    examples: { pear: { value: { id: 2, name: "pear", price: 4 } } },
    schemas: {
      NewItem: {
        type: "object",
        required: ["name", "price"],
        properties: {
          name: { type: "string", minLength: 1 },
          price: { type: "number", minimum: 0 },
        },
      },
      Item: {
        allOf: [
          { $ref: "#/components/schemas/NewItem" },
          {
            type: "object",
            required: ["id"],
            properties: { id: { type: "integer", readOnly: true } },
          },
        ],
      },
    },
  },
};
