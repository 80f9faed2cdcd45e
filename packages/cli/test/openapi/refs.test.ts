import { describe, expect, test } from "vitest";
import { parseOpenAPIDocument } from "../../src/openapi/load.js";
import {
  dereference,
  dereferenceSchema,
  followReference,
  resolveLocalReference,
  resolveObject,
  valueAtPointer,
} from "../../src/openapi/refs.js";
import type { OpenAPIDocument } from "../../src/openapi/types.js";
import { thrownBy } from "./helpers.js";

const document: OpenAPIDocument = {
  openapi: "3.1.0",
  paths: {
    "/pets/{id}": { get: { responses: { "200": { $ref: "#/components/responses/PetOk" } } } },
  },
  components: {
    schemas: {
      Pet: { type: "object", properties: { name: { type: "string" } } },
      Alias: { $ref: "#/components/schemas/Pet", description: "another name for Pet" },
      AliasOfAlias: { $ref: "#/components/schemas/Alias" },
      "a/b~c": { type: "string" },
      "with space": { type: "integer" },
      Anything: true as never,
      A: { $ref: "#/components/schemas/B" },
      B: { $ref: "#/components/schemas/C" },
      C: { $ref: "#/components/schemas/A" },
      Self: { $ref: "#/components/schemas/Self" },
      Extended: { $ref: "#/components/schemas/Pet", required: ["name"] },
    },
    responses: { PetOk: { description: "ok" } },
  },
};
const at = "#/paths/~1pets~1{id}/get";

describe("resolveLocalReference", () => {
  test("returns the target and where it is", () => {
    expect(resolveLocalReference(document, "#/components/responses/PetOk", at)).toEqual({
      value: { description: "ok" },
      pointer: "#/components/responses/PetOk",
    });
  });

  test("follows references whose target is only a reference", () => {
    const resolved = resolveLocalReference(document, "#/components/schemas/AliasOfAlias", at);
    expect(resolved.pointer).toBe("#/components/schemas/Pet");
  });

  test("stops at a reference with keywords beside it, which is a schema of its own", () => {
    expect(resolveLocalReference(document, "#/components/schemas/Extended", at).pointer).toBe(
      "#/components/schemas/Extended",
    );
  });

  test("decodes ~1, ~0 and percent-encoding in the fragment", () => {
    expect(resolveLocalReference(document, "#/components/schemas/a~1b~0c", at)).toEqual({
      value: { type: "string" },
      pointer: "#/components/schemas/a~1b~0c",
    });
    expect(resolveLocalReference(document, "#/components/schemas/with%20space", at).value).toEqual({
      type: "integer",
    });
    expect(resolveLocalReference(document, "#/paths/~1pets~1%7Bid%7D/get", at).pointer).toBe(
      "#/paths/~1pets~1{id}/get",
    );
  });

  test("reports a cycle with the chain of pointers instead of hanging", () => {
    expect(
      thrownBy(() => resolveLocalReference(document, "#/components/schemas/A", at)).message,
    ).toBe(
      `${at}: $ref cycle: #/components/schemas/A -> #/components/schemas/B -> #/components/schemas/C -> #/components/schemas/A`,
    );
    expect(
      thrownBy(() => resolveLocalReference(document, "#/components/schemas/Self", at)).message,
    ).toBe(`${at}: $ref cycle: #/components/schemas/Self -> #/components/schemas/Self`);
  });

  test("reports a missing target, naming the ref and where it was written", () => {
    expect(
      thrownBy(() => resolveLocalReference(document, "#/components/schemas/Nope", at)).message,
    ).toBe(`${at}: $ref "#/components/schemas/Nope" points to nothing in the document`);
  });

  test("names the place of the broken link when a chain breaks", () => {
    const broken = {
      ...document,
      components: { schemas: { Link: { $ref: "#/components/schemas/Gone" } } },
    };
    expect(
      thrownBy(() => resolveLocalReference(broken, "#/components/schemas/Link", at)).message,
    ).toBe(
      '#/components/schemas/Link: $ref "#/components/schemas/Gone" points to nothing in the document',
    );
  });

  test("never finds inherited properties of plain objects", () => {
    for (const ref of ["#/constructor", "#/components/__proto__", "#/paths/toString"]) {
      expect(thrownBy(() => resolveLocalReference(document, ref, at)).message).toMatch(
        /points to nothing/,
      );
    }
  });

  test("indexes arrays only with canonical indexes", () => {
    const withList = { ...document, tags: [{ name: "pets" }] };
    expect(resolveLocalReference(withList, "#/tags/0", at).value).toEqual({ name: "pets" });
    expect(thrownBy(() => resolveLocalReference(withList, "#/tags/00", at)).message).toMatch(
      /points to nothing/,
    );
  });

  test("rejects a reference to another file", () => {
    expect(thrownBy(() => resolveLocalReference(document, "pets.yaml#/Pet", at)).message).toBe(
      `${at}: $ref "pets.yaml#/Pet" is not local; only local references are supported; bundle the document into one file first`,
    );
  });

  test("names the YAML line of the place when given the loaded document's locate", () => {
    const loaded = parseOpenAPIDocument(
      'openapi: 3.0.3\npaths: {}\ncomponents:\n  schemas:\n    Pet:\n      $ref: "#/components/schemas/Gone"\n',
      "api.yaml",
    );
    const error = thrownBy(() =>
      resolveLocalReference(loaded.document, "#/components/schemas/Pet", "#/paths", loaded.locate),
    );
    expect(error.message).toBe(
      '#/components/schemas/Pet (api.yaml:5): $ref "#/components/schemas/Gone" points to nothing in the document',
    );
  });
});

describe("dereferenceSchema", () => {
  test("returns an inline schema as it is, at its own pointer", () => {
    const schema = { type: "string" as const };
    expect(dereferenceSchema(document, schema, "#/x")).toEqual({ schema, pointer: "#/x" });
  });

  test("names the component a reference chain ends at", () => {
    expect(
      dereferenceSchema(document, { $ref: "#/components/schemas/AliasOfAlias" }, "#/x"),
    ).toEqual({
      schema: document.components?.schemas?.Pet,
      pointer: "#/components/schemas/Pet",
      name: "Pet",
    });
  });

  test("unescapes the component name", () => {
    expect(dereferenceSchema(document, { $ref: "#/components/schemas/a~1b~0c" }, "#/x").name).toBe(
      "a/b~c",
    );
  });

  test("has no name for a target that is not a component schema", () => {
    const resolved = dereferenceSchema(
      document,
      { $ref: "#/components/schemas/Pet/properties/name" },
      "#/x",
    );
    expect(resolved).toEqual({
      schema: { type: "string" },
      pointer: "#/components/schemas/Pet/properties/name",
    });
  });

  test("turns a boolean schema into its object form", () => {
    expect(
      dereferenceSchema(document, { $ref: "#/components/schemas/Anything" }, "#/x").schema,
    ).toEqual({});
  });

  test("rejects a target that is not a schema", () => {
    expect(
      thrownBy(() => dereferenceSchema(document, { $ref: "#/components/schemas/Pet/type" }, "#/x"))
        .message,
    ).toBe("#/components/schemas/Pet/type: expected a schema object");
  });
});

describe("the document's one resolver (model, mock and wire)", () => {
  const yaml = [
    "openapi: 3.1.0",
    "paths:",
    "  /pets:",
    "    get:",
    "      responses:",
    "        '200': { $ref: '#/components/responses/Ok' }",
    "        '404': { $ref: '#/components/responses/Gone' }",
    "components:",
    "  responses:",
    "    Ok: { description: ok }",
    "  schemas:",
    "    Pet: { $ref: '#/components/schemas/Animal' }",
    "    Animal: { type: object }",
  ].join("\n");

  test("gives the same target wherever a reference is written, followed once", () => {
    const loaded = parseOpenAPIDocument(yaml, "pets.yaml");
    const first = dereference(loaded, { $ref: "#/components/schemas/Pet" }, "#/a");
    const second = dereference(loaded, { $ref: "#/components/schemas/Pet" }, "#/b");
    expect(first).toEqual({
      schema: { type: "object" },
      pointer: "#/components/schemas/Animal",
      name: "Animal",
    });
    expect(second).toBe(first);
    // The document's own export reads through the same targets.
    expect(dereferenceSchema(loaded.document, { $ref: "#/components/schemas/Pet" }, "#/c")).toBe(
      first,
    );
  });

  test("follows a reference at a pointer, and leaves any other value as it is", () => {
    const loaded = parseOpenAPIDocument(yaml, "pets.yaml");
    expect(valueAtPointer(loaded, "#/paths/~1pets/get/responses/200")).toEqual({
      value: { description: "ok" },
      pointer: "#/components/responses/Ok",
    });
    expect(valueAtPointer(loaded, "#/paths/~1pets/nothing")).toEqual({
      value: undefined,
      pointer: "#/paths/~1pets/nothing",
    });
    expect(followReference(loaded, 7, "#/x")).toEqual({ value: 7, pointer: "#/x" });
  });

  test("names the file and line of each place that uses a broken reference", () => {
    const loaded = parseOpenAPIDocument(yaml, "pets.yaml");
    const gone = "#/paths/~1pets/get/responses/404";
    for (let time = 0; time < 2; time++) {
      expect(
        thrownBy(() =>
          resolveObject(loaded, valueAtPointer(loaded, gone).value, gone, "A response"),
        ).message,
      ).toBe(
        `${gone} (pets.yaml:7): $ref "#/components/responses/Gone" points to nothing in the document`,
      );
    }
    expect(
      thrownBy(() =>
        resolveObject(loaded, { $ref: "#/components/schemas/Animal/type" }, "#/x", "A response"),
      ).message,
    ).toBe("#/components/schemas/Animal/type (pets.yaml:13): A response must be an object");
  });
});
