import { describe, expect, it } from "vitest";
import { mergeObjectShape } from "../../src/model/merge-object-shape.js";
import { inlineDocument } from "../support/fixtures.js";

const loaded = inlineDocument({
  components: {
    schemas: {
      Base: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "integer" }, name: { type: "string" } },
      },
      Loop: {
        allOf: [{ $ref: "#/components/schemas/Loop" }, { properties: { x: { type: "string" } } }],
      },
    },
  },
});

describe("mergeObjectShape", () => {
  it("merges referenced and inline branches; later properties win, required is the union", () => {
    const shape = mergeObjectShape(loaded, [
      { schema: { $ref: "#/components/schemas/Base" }, pointer: "#/a" },
      {
        schema: { type: "object", required: ["name"], properties: { name: { type: "number" } } },
        pointer: "#/b",
      },
    ]);
    expect([...shape!.properties.keys()]).toEqual(["id", "name"]);
    expect(shape!.properties.get("name")).toEqual({
      schema: { type: "number" },
      pointer: "#/b/properties/name",
    });
    expect([...shape!.required].sort()).toEqual(["id", "name"]);
  });

  it("follows nested allOf and survives a schema that includes itself", () => {
    const shape = mergeObjectShape(loaded, [
      { schema: { $ref: "#/components/schemas/Loop" }, pointer: "#/x" },
    ]);
    expect([...shape!.properties.keys()]).toEqual(["x"]);
  });

  it("gives undefined when a branch is not an object", () => {
    expect(
      mergeObjectShape(loaded, [{ schema: { type: "string" }, pointer: "#/s" }]),
    ).toBeUndefined();
    expect(mergeObjectShape(loaded, [{ schema: { oneOf: [] }, pointer: "#/s" }])).toBeUndefined();
  });

  it("keeps additionalProperties", () => {
    const shape = mergeObjectShape(loaded, [
      { schema: { type: "object", additionalProperties: { type: "string" } }, pointer: "#/m" },
    ]);
    expect(shape!.additionalProperties).toEqual({
      schema: { type: "string" },
      pointer: "#/m/additionalProperties",
    });
  });
});
