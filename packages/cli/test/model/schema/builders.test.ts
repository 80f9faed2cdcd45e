import { describe, expect, it } from "vitest";
import { buildDeclaration } from "../../../src/model/declaration.js";
import { builder, plain } from "./support.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("one builder per construct, on the tree", () => {
  it("type: primitives, binary strings, arrays and lists of types", () => {
    const { build } = builder();
    expect(plain(build({ type: "integer" }))).toBe("number");
    expect(plain(build({ type: "string", format: "binary" }))).toBe("string");
    expect(plain(build({ type: "array", items: { type: "string" } }))).toEqual({
      array: "string",
    });
    expect(plain(build({ type: "array" }))).toEqual({ array: "unknown" });
    expect(plain(build({ type: ["string", "number"] }))).toEqual({
      union: ["string", "number"],
    });
  });

  it("format: binary is a Blob only as a multipart body's field or its items, else text", () => {
    const { build, context, warnings } = builder({ Photo: { type: "string", format: "binary" } });
    const file = { type: "string", format: "binary" };
    const body = {
      type: "object",
      properties: {
        file,
        files: { type: "array", items: file },
        named: ref("Photo"),
        meta: { type: "object", properties: { thumb: file } },
      },
    };
    expect(plain(context.multipartBody(() => build(body)))).toEqual({
      object: {
        "file?": "Blob",
        "files?": { array: "Blob" },
        "named?": "Blob",
        // An object field is sent as an application/json part: its binary strings are text.
        "meta?": { object: { "thumb?": "string" } },
      },
    });
    expect(warnings.messages).toEqual([
      "#/s/properties/meta/properties/thumb: format: binary where the value is text (JSON, a parameter or a form field carry no bytes); typed string, holding whatever encoding the API uses",
    ]);
    expect(plain(build(body))).toEqual({
      object: {
        "file?": "string",
        "files?": { array: "string" },
        "named?": { ref: "Photo" },
        "meta?": { object: { "thumb?": "string" } },
      },
    });
  });

  it("nullable and a null type add null to the union", () => {
    const { build } = builder();
    expect(plain(build({ type: "string", nullable: true }))).toEqual({
      union: ["string", "null"],
    });
  });

  it("const and enum are literals, and stand for the type beside them", () => {
    const { build } = builder();
    expect(plain(build({ const: 0 }))).toEqual({ literal: 0 });
    expect(plain(build({ type: "string", enum: ["b", "a"] }))).toEqual({
      union: [{ literal: "b" }, { literal: "a" }],
    });
  });

  it("a primitive absorbs the literals of its kind, also in nested unions", () => {
    const { build } = builder();
    const stripe = {
      anyOf: [
        { type: "string", maxLength: 5000 },
        { type: "string", enum: [""] },
      ],
    };
    expect(plain(build(stripe))).toEqual({ union: ["string"] });
    expect(plain(build({ oneOf: [{ const: 1 }, { type: "integer" }, { const: "1" }] }))).toEqual({
      union: ["number", { literal: "1" }],
    });
    expect(
      plain(build({ anyOf: [{ enum: [true] }, { type: "boolean", nullable: true }] })),
    ).toEqual({ union: ["boolean", "null"] });
    expect(plain(build({ anyOf: [{ const: "" }, { const: "a" }] }))).toEqual({
      union: [{ literal: "" }, { literal: "a" }],
    });
  });

  it("properties make an object, sorted, optional unless required", () => {
    const { build } = builder();
    expect(
      plain(
        build({ required: ["b"], properties: { c: { type: "string" }, b: { type: "number" } } }),
      ),
    ).toEqual({ object: { b: "number", "c?": "string" } });
    expect(plain(build({ type: "object" }))).toEqual({ record: "unknown" });
    expect(plain(build({ additionalProperties: { type: "integer" } }))).toEqual({
      record: "number",
    });
    expect(
      plain(build({ properties: { a: { type: "string" } }, additionalProperties: true })),
    ).toEqual({ object: { "a?": "string" }, extraKeys: true });
  });

  it("$ref is a reference to the target's named type", () => {
    const { build } = builder({ Pet: { type: "object" } });
    expect(plain(build(ref("Pet")))).toEqual({ ref: "Pet" });
  });

  it("allOf merges object branches and intersects the rest", () => {
    const { build } = builder({
      Base: { properties: { id: { type: "integer" } }, required: ["id"] },
    });
    expect(
      plain(build({ allOf: [ref("Base"), { properties: { n: { type: "string" } } }] })),
    ).toEqual({ object: { id: "number", "n?": "string" } });
    expect(plain(build({ allOf: [ref("Base"), { type: "string" }] }))).toEqual({
      intersection: [{ ref: "Base" }, "string"],
    });
    expect(plain(build({ allOf: [ref("Base")] }))).toEqual({ ref: "Base" });
  });

  it("oneOf and anyOf are unions of their branches", () => {
    const { build } = builder({ A: { type: "object" }, B: { type: "object" } });
    expect(plain(build({ oneOf: [ref("A"), ref("B")] }))).toEqual({
      union: [{ ref: "A" }, { ref: "B" }],
    });
  });

  it("warns once, naming the place, for a schema with no type and no structure", () => {
    const { build, warnings } = builder();
    expect(plain(build({ description: "anything" }))).toBe("unknown");
    expect(warnings.messages).toEqual(["#/s: schema has no type and no structure; typed unknown"]);
  });
});

describe("sibling keywords combine", () => {
  const schemas = {
    Base: { properties: { id: { type: "integer" } } },
    Circle: { properties: { radius: { type: "number" } } },
    Square: { properties: { side: { type: "number" } } },
  };

  it("allOf with oneOf keeps both: the base and the union", () => {
    const { build, warnings } = builder(schemas);
    expect(plain(build({ allOf: [ref("Base")], oneOf: [ref("Circle"), ref("Square")] }))).toEqual({
      intersection: [{ ref: "Base" }, { union: [{ ref: "Circle" }, { ref: "Square" }] }],
    });
    expect(warnings.messages).toEqual([]);
  });

  it("oneOf with anyOf keeps both unions", () => {
    const { build } = builder(schemas);
    expect(plain(build({ oneOf: [ref("Circle")], anyOf: [ref("Square"), ref("Base")] }))).toEqual({
      intersection: [
        { union: [{ ref: "Circle" }] },
        { union: [{ ref: "Square" }, { ref: "Base" }] },
      ],
    });
  });

  it("a union with properties beside it intersects with them", () => {
    const { build } = builder(schemas);
    expect(
      plain(
        build({ oneOf: [ref("Circle"), ref("Square")], properties: { n: { type: "string" } } }),
      ),
    ).toEqual({
      intersection: [
        { union: [{ ref: "Circle" }, { ref: "Square" }] },
        { object: { "n?": "string" } },
      ],
    });
  });

  it("type joins in where the union only constrains", () => {
    const { build, warnings } = builder();
    expect(plain(build({ type: "string", anyOf: [{ format: "date" }, { format: "uri" }] }))).toBe(
      "string",
    );
    expect(warnings.messages).toEqual([]);
  });
});

describe("branches that only carry constraints", () => {
  it("are not reported beside properties that type the schema", () => {
    const { build, warnings } = builder();
    const tree = build({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "string" } },
      anyOf: [{ required: ["a"] }, { required: ["b"] }],
    });
    expect(plain(tree)).toEqual({
      intersection: [
        { object: { "a?": "string", "b?": "string" } },
        { union: [{ object: { a: "string" } }, { object: { b: "string" } }] },
      ],
    });
    expect(warnings.messages).toEqual([]);
  });

  it("are not reported when they annotate an allOf reference", () => {
    const { build, warnings } = builder({ Id: { type: "string" } });
    expect(plain(build({ allOf: [ref("Id"), { description: "The id" }] }))).toEqual({
      intersection: [{ ref: "Id" }, "unknown"],
    });
    expect(warnings.messages).toEqual([]);
  });

  it("are reported when nothing else types the schema, since the output is unknown", () => {
    const { build, warnings } = builder();
    expect(plain(build({ anyOf: [{ required: ["a"] }, { required: ["b"] }] }))).toEqual({
      union: ["unknown", "unknown"],
    });
    expect(warnings.messages).toEqual([
      "#/s/anyOf/0: schema has no type and no structure; typed unknown",
      "#/s/anyOf/1: schema has no type and no structure; typed unknown",
    ]);
  });
});

describe("required outside the object that declares the property", () => {
  const schemas = {
    Item: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } },
    Shape: { oneOf: [{ $ref: "#/components/schemas/Item" }, { type: "string" }] },
  };

  it("an allOf branch that only lists required keys makes the merged properties required", () => {
    const { build, warnings } = builder(schemas);
    expect(plain(build({ allOf: [ref("Item"), { required: ["id"] }] }))).toEqual({
      object: { id: "number", "name?": "string" },
    });
    expect(warnings.messages).toEqual([]);
  });

  it("required beside an allOf that does not merge is an object of those keys to intersect", () => {
    const { build } = builder(schemas);
    expect(plain(build({ type: "object", required: ["id"], allOf: [ref("Shape")] }))).toEqual({
      intersection: [{ ref: "Shape" }, { object: { id: "unknown" } }],
    });
    expect(plain(build({ allOf: [ref("Shape"), { required: ["id"] }] }))).toEqual({
      intersection: [{ ref: "Shape" }, { object: { id: "unknown" } }],
    });
  });

  it("required beside oneOf applies to every branch; own properties keep their type", () => {
    const { build } = builder(schemas);
    const tree = build({
      required: ["id", "n"],
      properties: { n: { type: "string" } },
      oneOf: [ref("Item"), ref("Shape")],
    });
    expect(plain(tree)).toEqual({
      intersection: [
        { union: [{ ref: "Item" }, { ref: "Shape" }] },
        { object: { n: "string" } },
        { object: { id: "unknown" } },
      ],
    });
  });
});

describe("const and enum against type", () => {
  it("keep only the values the type allows too", () => {
    const { build, warnings } = builder();
    expect(plain(build({ type: ["string", "null"], const: "x" }))).toEqual({ literal: "x" });
    expect(plain(build({ type: "string", enum: ["a", null] }))).toEqual({
      union: [{ literal: "a" }],
    });
    expect(plain(build({ type: "string", enum: ["3.1", 3.1] }))).toEqual({
      union: [{ literal: "3.1" }],
    });
    expect(plain(build({ type: ["integer", "null"], enum: [1, 1.5, null] }))).toEqual({
      union: [{ literal: 1 }, { literal: null }],
    });
    expect(warnings.messages).toEqual([]);
  });

  it("3.0 nullable still adds null", () => {
    const { build } = builder();
    expect(plain(build({ type: "string", nullable: true, enum: ["a"] }))).toEqual({
      union: [{ union: [{ literal: "a" }] }, "null"],
    });
  });
});

describe("tuples, patterns, key lists and recursion", () => {
  it("prefixItems is a tuple: elements beyond minItems optional, items the rest", () => {
    const { build, warnings } = builder();
    const items = [{ type: "string" }, { type: "number" }];
    expect(plain(build({ prefixItems: items, items: { type: "string" } }))).toEqual({
      tuple: ["string", "number"],
      required: 0,
      rest: "string",
    });
    expect(plain(build({ prefixItems: items, items: false, minItems: 1 }))).toEqual({
      tuple: ["string", "number"],
      required: 1,
    });
    expect(warnings.messages).toEqual([]);
  });

  it("a plain-prefix pattern is a template-literal index signature that fits the properties", () => {
    const { build } = builder();
    const tree = build({
      properties: { meta_id: { type: "integer" } },
      patternProperties: { "^meta_": { type: "string" } },
    });
    expect(plain(tree)).toEqual({
      object: { "meta_id?": "number" },
      indexes: [{ meta_: { union: ["string", "number", "undefined"] } }],
    });
  });

  it("propertyNames listing the keys makes a partial record", () => {
    const { build } = builder();
    const tree = build({
      propertyNames: { enum: ["a"] },
      additionalProperties: { type: "string" },
    });
    expect(tree).toMatchObject({ kind: "record", keys: { kind: "union" } });
  });

  it("an allOf that leads back to the type being declared keeps references", () => {
    const { context } = builder({
      A: { properties: { both: { allOf: [ref("A"), ref("B")] } } },
      B: { properties: { n: { type: "string" } } },
    });
    const A = context.registry.get("#/components/schemas/A")!;
    const declaration = buildDeclaration(A, context);
    expect(
      declaration.body.kind === "interface" && plain(declaration.body.properties[0]!.type),
    ).toEqual({
      intersection: [{ ref: "A" }, { ref: "B" }],
    });
  });
});
