import { describe, expect, it } from "vitest";
import { RenderContext } from "../../src/emit/render-context.js";
import { renderSchemaType } from "../../src/emit/schema/render-schema-type.js";
import { TypeRegistry } from "../../src/model/type-registry.js";
import { Warnings } from "../../src/model/warnings.js";
import { inlineDocument } from "../support/fixtures.js";

function setup(schemas: Record<string, unknown> = {}) {
  const loaded = inlineDocument({ components: { schemas } });
  const warnings = new Warnings();
  const registry = new TypeRegistry(loaded.document, { warnings });
  const context = RenderContext.forApiFile(loaded, registry, warnings, "pet");
  const render = (schema: unknown) => renderSchemaType(schema as object, "#/s", context);
  return { render, warnings, context, registry };
}

describe("renderSchemaType", () => {
  it.each([
    [{ type: "string" }, "string"],
    [{ type: "integer" }, "number"],
    [{ type: "boolean" }, "boolean"],
    [{ type: "string", format: "date-time" }, "string"],
    [{ type: "string", format: "binary" }, "Blob"],
    [{ type: "array", items: { type: "string" } }, "string[]"],
    [
      { type: "array", items: { oneOf: [{ type: "string" }, { type: "number" }] } },
      "(number | string)[]",
    ],
    [{ enum: ["b", "a"] }, '"a" | "b"'],
    [{ const: false }, "false"],
    [{ const: 0 }, "0"],
    [{ const: "" }, '""'],
    [{ type: "string", nullable: true }, "string | null"],
    [{ type: ["string", "null"] }, "string | null"],
    [{ type: "object", additionalProperties: { type: "integer" } }, "Record<string, number>"],
    [{ type: "object" }, "Record<string, unknown>"],
    [true, "unknown"],
    [false, "never"],
  ])("%j → %s", (schema, expected) => {
    expect(setup().render(schema)).toBe(expected);
  });

  it("prints objects one member a line, sorted, optional unless required, odd keys quoted", () => {
    const { render } = setup();
    expect(
      render({
        type: "object",
        required: ["b"],
        properties: { "x-y": { type: "string" }, b: { type: "number", description: "Bee" } },
      }),
    ).toBe('{\n  /** Bee */\n  b: number;\n  "x-y"?: string;\n}');
  });

  it("prints a component reference by name and imports it from its types file", () => {
    const { render, context } = setup({ Pet: { type: "object" } });
    expect(render({ $ref: "#/components/schemas/Pet" })).toBe("Pet");
    expect(context.imports).toEqual(new Map([["../types/pet", new Set(["Pet"])]]));
  });

  it("merges object allOf branches and intersects the rest", () => {
    const { render } = setup({
      Base: { properties: { id: { type: "integer" } }, required: ["id"] },
    });
    expect(
      render({
        allOf: [{ $ref: "#/components/schemas/Base" }, { properties: { n: { type: "string" } } }],
      }),
    ).toBe("{\n  id: number;\n  n?: string;\n}");
    expect(render({ allOf: [{ $ref: "#/components/schemas/Base" }, { type: "string" }] })).toBe(
      "Base & string",
    );
    expect(render({ allOf: [{ $ref: "#/components/schemas/Base" }], nullable: true })).toBe(
      "Base | null",
    );
  });

  it("types a schema without type or structure as unknown and names the place in a warning", () => {
    const { render, warnings } = setup();
    expect(render({ description: "anything" })).toBe("unknown");
    expect(warnings.messages).toEqual(["#/s: schema has no type and no structure; typed unknown"]);
  });

  it("names a reference into another schema, so a cycle through it is a recursive type", () => {
    const inner = "#/components/schemas/Node/properties/inner";
    const { render, warnings } = setup({
      Node: { properties: { inner: { properties: { next: { $ref: inner } } } } },
    });
    expect(render({ $ref: inner })).toBe("NodeInner");
    expect(render({ $ref: inner })).toBe("NodeInner");
    expect(warnings.messages).toEqual([]);
  });
});
