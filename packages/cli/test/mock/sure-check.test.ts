import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { LEFT_TO_AJV, SureCheck } from "../../src/mock/sure-check.js";
import { formatCheck, SchemaCheck } from "../../src/wire/schema-check.js";

/** Each keyword the quick reading decides: a schema using it, a value it allows, one it refuses. */
const READ: { keywords: string[]; schema: unknown; valid: unknown; invalid: unknown }[] = [
  { keywords: ["$ref"], schema: { $ref: "#/components/schemas/Int" }, valid: 1, invalid: "1" },
  { keywords: ["type"], schema: { type: ["integer", "null"] }, valid: null, invalid: 2.5 },
  { keywords: ["enum"], schema: { enum: ["a", 1, null] }, valid: 1, invalid: { a: 1 } },
  { keywords: ["const"], schema: { const: "x" }, valid: "x", invalid: "y" },
  {
    keywords: ["allOf"],
    schema: { allOf: [{ type: "string" }, { minLength: 2 }] },
    valid: "ab",
    invalid: "a",
  },
  {
    keywords: ["anyOf"],
    schema: { anyOf: [{ type: "string" }, { type: "integer" }] },
    valid: 3,
    invalid: true,
  },
  // 2 matches both parts, which `oneOf` refuses.
  {
    keywords: ["oneOf"],
    schema: { oneOf: [{ type: "number" }, { type: "integer" }] },
    valid: 1.5,
    invalid: 2,
  },
  { keywords: ["not"], schema: { not: { type: "string" } }, valid: 1, invalid: "a" },
  {
    keywords: ["if", "then", "else"],
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
    schema: { if: { type: "string" }, then: { minLength: 2 }, else: { minimum: 3 } },
    valid: "ab",
    invalid: 2,
  },
  {
    keywords: ["format"],
    schema: { format: "date-time" },
    valid: "2026-11-27T10:00:00Z",
    invalid: "yesterday",
  },
  // Ajv counts code points: the emoji is one character, two UTF-16 units.
  { keywords: ["minLength"], schema: { minLength: 2 }, valid: "😀x", invalid: "😀" },
  { keywords: ["maxLength"], schema: { maxLength: 1 }, valid: "😀", invalid: "ab" },
  { keywords: ["pattern"], schema: { pattern: "^a+$" }, valid: "aa", invalid: "ab" },
  { keywords: ["minimum"], schema: { minimum: 3 }, valid: 3, invalid: 2 },
  { keywords: ["maximum"], schema: { maximum: 3 }, valid: 3, invalid: 4 },
  { keywords: ["exclusiveMinimum"], schema: { exclusiveMinimum: 3 }, valid: 4, invalid: 3 },
  { keywords: ["exclusiveMaximum"], schema: { exclusiveMaximum: 3 }, valid: 2, invalid: 3 },
  { keywords: ["multipleOf"], schema: { multipleOf: 0.5 }, valid: 1.5, invalid: 1.2 },
  { keywords: ["minItems"], schema: { minItems: 1 }, valid: [1], invalid: [] },
  { keywords: ["maxItems"], schema: { maxItems: 1 }, valid: [1], invalid: [1, 2] },
  { keywords: ["uniqueItems"], schema: { uniqueItems: true }, valid: [1, "1"], invalid: [1, 1] },
  { keywords: ["items"], schema: { items: { type: "string" } }, valid: ["a"], invalid: ["a", 1] },
  { keywords: ["required"], schema: { required: ["a"] }, valid: { a: 0 }, invalid: { b: 0 } },
  {
    keywords: ["properties"],
    schema: { properties: { a: { type: "string" } } },
    valid: { b: 1 },
    invalid: { a: 1 },
  },
  {
    keywords: ["additionalProperties"],
    schema: { properties: { a: {} }, additionalProperties: false },
    valid: { a: 1 },
    invalid: { a: 1, b: 2 },
  },
  { keywords: ["minProperties"], schema: { minProperties: 1 }, valid: { a: 1 }, invalid: {} },
  { keywords: ["maxProperties"], schema: { maxProperties: 0 }, valid: {}, invalid: { a: 1 } },
];

/** Keywords that check nothing (annotations, and places that hold schemas for `$ref`s). */
const ANNOTATIONS = [
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
  "$defs",
  "definitions",
  "$comment",
];

const document = {
  openapi: "3.1.0",
  info: { title: "quick reading", version: "1" },
  paths: {},
  components: {
    schemas: {
      Int: { type: "integer" },
      ...Object.fromEntries(READ.map((row, index) => [`Row${index}`, row.schema])),
    },
  },
};

describe("the quick reading of an answer's schema (kit generate --mock msw)", () => {
  it("reads or leaves to Ajv every keyword Ajv 2020 checks", () => {
    const ajv = new Ajv2020({ strict: false, discriminator: false });
    addFormats.default(ajv);
    const read = new Set(READ.flatMap((row) => row.keywords));
    const unaccounted = Object.keys(ajv.RULES.keywords).filter(
      (keyword) =>
        !read.has(keyword) && !LEFT_TO_AJV.has(keyword) && !ANNOTATIONS.includes(keyword),
    );
    expect(unaccounted).toEqual([]);
  });

  it("says valid where Ajv finds the value valid, and never where Ajv finds a problem", () => {
    const schemas = new SchemaCheck(document as never, () => {}, "response");
    for (const [index, row] of READ.entries()) {
      const pointer = `#/components/schemas/Row${index}`;
      const { schema, root } = schemas.schemaAt(pointer);
      const sure = new SureCheck(root, formatCheck);
      const name = row.keywords.join("/");
      expect([name, schemas.problems(structuredClone(row.valid), pointer)]).toEqual([name, []]);
      expect([name, sure.valid(row.valid, schema)]).toEqual([name, true]);
      expect(schemas.problems(structuredClone(row.invalid), pointer).length, name).toBeGreaterThan(
        0,
      );
      expect([name, sure.valid(row.invalid, schema)]).toEqual([name, false]);
    }
  });

  it("leaves a schema with a keyword it does not read to Ajv, whatever the value", () => {
    const sure = new SureCheck({}, formatCheck);
    for (const keyword of LEFT_TO_AJV) {
      expect([keyword, sure.valid({}, { [keyword]: true })]).toEqual([keyword, false]);
      expect([keyword, sure.valid({}, { properties: { a: { [keyword]: {} } } })]).toEqual([
        keyword,
        true,
      ]);
      expect([keyword, sure.valid({ a: 1 }, { properties: { a: { [keyword]: {} } } })]).toEqual([
        keyword,
        false,
      ]);
    }
  });

  it("leaves to Ajv what Ajv reads its own way: objects in enum, unknown data, inherited names", () => {
    const sure = new SureCheck({}, formatCheck);
    expect(sure.valid({ a: 1 }, { enum: [{ a: 1 }] })).toBe(false);
    expect(sure.valid(undefined, { type: "string" })).toBe(false);
    // Ajv reads `data.constructor` as present on a plain object.
    expect(sure.valid({}, { properties: { constructor: { type: "string" } } })).toBe(false);
    expect(sure.valid({}, { format: "constructor" })).toBe(false);
    expect(sure.valid(["__proto__", "__proto__"], { uniqueItems: true })).toBe(false);
  });
});
