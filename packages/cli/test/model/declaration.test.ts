import { describe, expect, it } from "vitest";
import { buildDeclaration } from "../../src/model/declaration.js";
import { builder } from "./schema/support.js";

describe("buildDeclaration", () => {
  it("keeps a formatted scalar alias's format in its doc, as a property's", () => {
    const { registry, context } = builder({
      When: { type: "string", format: "date-time", description: "A moment" },
    });
    const declaration = buildDeclaration(registry.get("#/components/schemas/When")!, context);
    expect(declaration.doc).toEqual({ paragraphs: ["A moment", "Format: date-time"], tags: [] });
    expect(declaration.body).toEqual({
      kind: "alias",
      type: { kind: "primitive", name: "string" },
    });
  });

  it("declares an object with properties as an interface, deprecated when the schema is", () => {
    const { registry, context } = builder({
      Pet: { type: "object", properties: { id: { type: "integer" } }, deprecated: true },
    });
    const declaration = buildDeclaration(registry.get("#/components/schemas/Pet")!, context);
    expect(declaration.doc).toEqual({ paragraphs: [], tags: ["@deprecated"] });
    expect(declaration.body.kind).toBe("interface");
  });
});
