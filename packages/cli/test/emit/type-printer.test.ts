import { describe, expect, it } from "vitest";
import { TypePrinter } from "../../src/emit/type-printer.js";
import type { NamedType } from "../../src/model/type-expr.js";
import {
  ANY_KEY,
  intersection,
  NO_DOC,
  primitive,
  type TypeExpr,
  union,
} from "../../src/model/type-expr.js";

const named = (name: string): NamedType => ({ name, pointer: `#/${name}`, schema: {} });
const ref = (type: NamedType): TypeExpr => ({ kind: "ref", type });
const literal = (value: unknown): TypeExpr => ({ kind: "literal", value });
const Pet = named("Pet");
const Tag = named("Tag");
const homes = new Map([
  [Pet, "pet"],
  [Tag, "store"],
]);

function print(type: TypeExpr, printer = TypePrinter.forTypeFile(homes, "pet")): string {
  return printer.print(type);
}

describe("TypePrinter", () => {
  it("sorts, de-duplicates and flattens unions, null last", () => {
    const type = union([
      primitive("string"),
      primitive("null"),
      union([primitive("number"), primitive("string")]),
      ref(Pet),
    ]);
    expect(print(type)).toBe("Pet | number | string | null");
  });

  it("lets unknown absorb a union and drops never beside other members", () => {
    expect(print(union([primitive("string"), primitive("unknown")]))).toBe("unknown");
    expect(print(union([primitive("never"), primitive("string")]))).toBe("string");
    expect(print(union([]))).toBe("never");
  });

  it("imports only what the printed text names", () => {
    const printer = TypePrinter.forTypeFile(homes, "pet");
    expect(print(union([ref(Tag), primitive("unknown")]), printer)).toBe("unknown");
    expect(printer.imports).toEqual(new Map());
    expect(print(union([ref(Tag), ref(Pet)]), printer)).toBe("Pet | Tag");
    expect(printer.imports).toEqual(new Map([["./store", new Set(["Tag"])]]));
  });

  it("imports every named type from ../types/ in an API file", () => {
    const printer = TypePrinter.forApiFile(homes);
    print(ref(Pet), printer);
    expect(printer.imports).toEqual(new Map([["../types/pet", new Set(["Pet"])]]));
  });

  it("parenthesizes unions inside arrays and intersections", () => {
    const either = union([primitive("number"), primitive("string")]);
    expect(print({ kind: "array", item: ref(Pet) })).toBe("Pet[]");
    expect(print({ kind: "array", item: either })).toBe("(number | string)[]");
    expect(print({ kind: "array", item: literal("a|b") })).toBe('"a|b"[]');
    expect(print(intersection([ref(Pet), either]))).toBe("Pet & (number | string)");
    expect(print(intersection([ref(Pet), primitive("unknown")]))).toBe("Pet");
  });

  it("prints objects one member a line with their docs, odd keys quoted", () => {
    const type: TypeExpr = {
      kind: "object",
      properties: [
        {
          key: "b",
          optional: false,
          type: primitive("number"),
          doc: { paragraphs: ["Bee"], tags: [] },
        },
        { key: "x-y", optional: true, type: primitive("string"), doc: NO_DOC },
      ],
      indexes: ANY_KEY,
    };
    expect(print(type)).toBe(
      '{\n  /** Bee */\n  b: number;\n  "x-y"?: string;\n  [key: string]: unknown;\n}',
    );
    expect(print(union([type, primitive("string")]))).toBe(`string | ${print(type)}`);
  });

  it("prints records, as an object literal type where the map names its own alias", () => {
    expect(print({ kind: "record", value: ref(Pet), literal: false })).toBe("Record<string, Pet>");
    expect(print({ kind: "record", value: ref(Pet), literal: true })).toBe(
      "{ [key: string]: Pet }",
    );
  });

  it("prints any JSON literal safely, object keys sorted", () => {
    expect(print(literal('quote"d'))).toBe('"quote\\"d"');
    expect(print(literal(null))).toBe("null");
    expect(print(literal({ slug: "ow", id: 14, nested: { b: 1, a: [{ y: 0, x: 1 }] } }))).toBe(
      '{"id":14,"nested":{"a":[{"x":1,"y":0}],"b":1},"slug":"ow"}',
    );
  });
});
