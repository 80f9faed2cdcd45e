// Run with `node --test bench/test/`: the scaling figures are only as good as this copy.
import assert from "node:assert/strict";
import { test } from "node:test";
import { replicateDocument } from "../generate/replicate-document.mjs";

const petstore = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "1" },
  tags: [{ name: "pet" }],
  paths: {
    "/pets/{id}": {
      get: {
        operationId: "getPet",
        tags: ["pet"],
        responses: {
          200: {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: "object",
        properties: { owner: { $ref: "#/components/schemas/Owner" }, tags: { type: "array" } },
        discriminator: { propertyName: "kind", mapping: { owner: "#/components/schemas/Owner" } },
      },
      Owner: { type: "object" },
    },
  },
};

test("one copy is the document itself", () => {
  assert.deepEqual(replicateDocument(petstore, 1), petstore);
});

test("each further copy renames paths, components, operation ids and tags consistently", () => {
  const tripled = replicateDocument(petstore, 3);
  assert.deepEqual(Object.keys(tripled.paths), [
    "/pets/{id}",
    "/copy2/pets/{id}",
    "/copy3/pets/{id}",
  ]);
  assert.deepEqual(Object.keys(tripled.components.schemas), [
    "Pet",
    "Owner",
    "Pet-copy2",
    "Owner-copy2",
    "Pet-copy3",
    "Owner-copy3",
  ]);
  assert.deepEqual(
    tripled.tags.map((tag) => tag.name),
    ["pet", "pet copy2", "pet copy3"],
  );
  const operation = tripled.paths["/copy3/pets/{id}"].get;
  assert.equal(operation.operationId, "getPet-copy3");
  assert.deepEqual(operation.tags, ["pet copy3"]);
  const pet = tripled.components.schemas["Pet-copy3"];
  assert.equal(pet.properties.owner.$ref, "#/components/schemas/Owner-copy3");
  assert.equal(pet.discriminator.mapping.owner, "#/components/schemas/Owner-copy3");
  assert.deepEqual(pet.properties.tags, { type: "array" });
});

test("the original document is left untouched", () => {
  const before = structuredClone(petstore);
  replicateDocument(petstore, 2);
  assert.deepEqual(petstore, before);
});
