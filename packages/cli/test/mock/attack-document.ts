/** A document with a place for each attack of the mock's security review (issue 32). */
export const attackDocument = {
  openapi: "3.0.3",
  info: { title: "Attacks", version: "1.0.0" },
  paths: {
    "/search": {
      get: {
        operationId: "search",
        parameters: [
          {
            name: "filter",
            in: "query",
            style: "deepObject",
            explode: true,
            schema: { type: "object", additionalProperties: { type: "string" } },
          },
          { name: "name", in: "query", schema: { type: "string", pattern: "^(a+)+$" } },
          {
            name: "fields",
            in: "query",
            schema: { type: "string", pattern: "^[^/]+\\.[^/]+\\.[^/]+\\.[^/]+$" },
          },
        ],
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["ok"],
                  properties: { ok: { type: "boolean" } },
                },
              },
            },
          },
        },
      },
    },
    "/forms": {
      post: {
        operationId: "postForm",
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                properties: {
                  meta: { type: "object", additionalProperties: { type: "string" } },
                },
              },
              encoding: { meta: { style: "deepObject", explode: true } },
            },
            "multipart/form-data": {
              schema: { type: "object", additionalProperties: { type: "string" } },
            },
          },
        },
        responses: { "204": { description: "done" } },
      },
    },
    "/files/{a}.{b}.{c}.{d}": {
      get: {
        operationId: "getDotted",
        parameters: ["a", "b", "c", "d"].map((name) => ({
          name,
          in: "path",
          required: true,
          schema: { type: "string" },
        })),
        responses: { "204": { description: "done" } },
      },
    },
    "/pasted": {
      get: {
        operationId: "pasted",
        responses: {
          "200": {
            description: "a media type with a pasted zero-width space",
            content: {
              "application/json\u200b": {
                schema: { type: "object", properties: { a: { type: "integer" } } },
              },
            },
          },
        },
      },
    },
    "/big": {
      get: {
        operationId: "big",
        responses: {
          "200": {
            description: "about 100 KB, valid",
            content: {
              "application/json": {
                schema: {
                  type: "array",
                  minItems: 100,
                  items: { type: "string", minLength: 1000 },
                },
              },
            },
          },
        },
      },
    },
    "/huge": {
      get: {
        operationId: "huge",
        responses: {
          "200": {
            description: "sizes no answer can have",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["text", "list", "drawn"],
                  properties: {
                    text: { type: "string", minLength: 1000000000 },
                    list: {
                      type: "array",
                      minItems: 1000000000,
                      items: { type: "array", minItems: 1000000, items: { type: "string" } },
                    },
                    drawn: { type: "string", pattern: "^a{1000000000}$" },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
