import { describe, expect, it } from "vitest";
import { TypeRegistry } from "../../src/model/type-registry.js";
import { Warnings } from "../../src/model/warnings.js";
import type { OpenAPIDocument } from "../../src/openapi/types.js";

function documentWith(schemas: Record<string, unknown>): OpenAPIDocument {
  return { openapi: "3.1.0", paths: {}, components: { schemas } } as OpenAPIDocument;
}

describe("TypeRegistry", () => {
  it("names component schemas in PascalCase", () => {
    const registry = new TypeRegistry(documentWith({ "pet-status": { type: "string" } }), {
      warnings: new Warnings(),
    });
    expect(registry.get("#/components/schemas/pet-status")?.name).toBe("PetStatus");
  });

  it("treats decorator imports, globals and reserved names as taken, with one warning each", () => {
    const warnings = new Warnings();
    const registry = new TypeRegistry(
      documentWith({ Api: {}, Query: {}, Promise: {}, Record: {}, PetApi: {} }),
      { reserved: ["PetApi"], warnings },
    );
    const name = (key: string) => registry.get(`#/components/schemas/${key}`)?.name;
    expect([name("Api"), name("Query"), name("Promise"), name("Record"), name("PetApi")]).toEqual([
      "Api2",
      "Query2",
      "Promise2",
      "Record2",
      "PetApi2",
    ]);
    expect(warnings.messages).toHaveLength(5);
  });

  it("suffixes components that collide in sorted key order, whatever the document order", () => {
    const names = (schemas: Record<string, unknown>) => {
      const registry = new TypeRegistry(documentWith(schemas), { warnings: new Warnings() });
      return ["pet", "Pet"].map((key) => registry.get(`#/components/schemas/${key}`)?.name);
    };
    expect(names({ pet: {}, Pet: {} })).toEqual(["Pet2", "Pet"]);
    expect(names({ Pet: {}, pet: {} })).toEqual(["Pet2", "Pet"]);
  });

  it("names an inline schema once and keeps a taken name free", () => {
    const registry = new TypeRegistry(documentWith({ AddPetPayload: {} }), {
      warnings: new Warnings(),
    });
    const first = registry.nameInline("#/paths/x", "AddPetPayload", { type: "object" });
    expect(first.name).toBe("AddPetPayload2");
    expect(registry.nameInline("#/paths/x", "Other", { type: "object" })).toBe(first);
  });
});
