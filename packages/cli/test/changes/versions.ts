/** Two versions of one API with every kind of change the report knows, for the change tests. */

export const json = (schema: object) => ({
  "200": { description: "ok", content: { "application/json": { schema } } },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const query = (name: string, schema: object, required = false) => ({
  name,
  in: "query",
  required,
  schema,
});
const petId = { name: "petId", in: "path", required: true, schema: { type: "integer" } };

export const version1 = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "1" },
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        tags: ["pets"],
        parameters: [query("limit", { type: "integer" })],
        responses: json({ type: "array", items: ref("Pet") }),
      },
    },
    "/pets/{petId}": {
      get: {
        operationId: "getPet",
        tags: ["pets"],
        parameters: [petId, query("fields", { type: "string" })],
        responses: json(ref("Pet")),
      },
      delete: {
        operationId: "deletePet",
        tags: ["pets"],
        parameters: [petId],
        responses: json(ref("Legacy")),
      },
    },
    "/pets/{petId}/owner": {
      get: {
        operationId: "getOwner",
        tags: ["pets"],
        parameters: [petId, query("expand", { type: "boolean" }, true)],
        responses: json(ref("Owner")),
      },
    },
    "/pets/search": {
      get: {
        operationId: "searchPets",
        tags: ["pets"],
        parameters: [query("q", { type: "string" }, true), query("page", { type: "integer" })],
        responses: json({ type: "array", items: ref("Pet") }),
      },
    },
    "/store/inventory": {
      get: {
        operationId: "getInventory",
        tags: ["pets"],
        parameters: [query("where", { type: "string" })],
        responses: json({ type: "object", additionalProperties: { type: "integer" } }),
      },
    },
    "/store/orders": {
      get: { operationId: "listOrders", tags: ["store"], responses: json(ref("Order")) },
    },
  },
  components: {
    schemas: {
      Pet: { type: "object", required: ["id"], properties: { id: { type: "integer" } } },
      Owner: { type: "object", properties: { name: { type: "string" } } },
      Order: { type: "object", properties: { id: { type: "integer" } } },
      Legacy: { type: "object", properties: { id: { type: "integer" } } },
    },
  },
};

/**
 * listPets: a required parameter added, an optional one's type changed; getPet: renamed to
 * findPet and a new optional parameter at the end; deletePet: removed; getOwner: expand became
 * optional; searchPets: q removed, page became required, an optional parameter inserted first;
 * getInventory: moved to the store tag, where renamed to location; listOrders: returns an array;
 * addPet: added. Types: Pet changed, Legacy removed, NewPet added.
 */
export const version2 = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "2" },
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        tags: ["pets"],
        parameters: [query("limit", { type: "string" }), query("status", { type: "string" }, true)],
        responses: json({ type: "array", items: ref("Pet") }),
      },
      post: {
        operationId: "addPet",
        tags: ["pets"],
        requestBody: { required: true, content: { "application/json": { schema: ref("NewPet") } } },
        responses: json(ref("Pet")),
      },
    },
    "/pets/{petId}": {
      get: {
        operationId: "findPet",
        tags: ["pets"],
        parameters: [petId, query("fields", { type: "string" }), query("lang", { type: "string" })],
        responses: json(ref("Pet")),
      },
    },
    "/pets/{petId}/owner": {
      get: {
        operationId: "getOwner",
        tags: ["pets"],
        parameters: [petId, query("expand", { type: "boolean" })],
        responses: json(ref("Owner")),
      },
    },
    "/pets/search": {
      get: {
        operationId: "searchPets",
        tags: ["pets"],
        parameters: [query("sort", { type: "string" }), query("page", { type: "integer" }, true)],
        responses: json({ type: "array", items: ref("Pet") }),
      },
    },
    "/store/inventory": {
      get: {
        operationId: "getInventory",
        tags: ["store"],
        parameters: [query("location", { type: "string" })],
        responses: json({ type: "object", additionalProperties: { type: "integer" } }),
      },
    },
    "/store/orders": {
      get: {
        operationId: "listOrders",
        tags: ["store"],
        responses: json({ type: "array", items: ref("Order") }),
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: "object",
        required: ["id", "name"],
        properties: { id: { type: "integer" }, name: { type: "string" } },
      },
      NewPet: { type: "object", properties: { name: { type: "string" } } },
      Owner: { type: "object", properties: { name: { type: "string" } } },
      Order: { type: "object", properties: { id: { type: "integer" } } },
    },
  },
};
