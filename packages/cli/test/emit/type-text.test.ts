import { describe, expect, it } from "vitest";
import { arrayOf, intersectionOf, literalType, unionOf } from "../../src/emit/schema/type-text.js";

describe("unionOf", () => {
  it("sorts, de-duplicates and flattens branches, null last", () => {
    expect(unionOf(["string", "null", "number | string", "Pet"])).toBe(
      "Pet | number | string | null",
    );
  });

  it("lets unknown absorb the rest and drops never beside other branches", () => {
    expect(unionOf(["string", "unknown"])).toBe("unknown");
    expect(unionOf(["never", "string"])).toBe("string");
    expect(unionOf([])).toBe("never");
  });

  it("does not split inside string literals or object types", () => {
    expect(unionOf(['"a|b"', "{\n  x: A | B;\n}"])).toBe('"a|b" | {\n  x: A | B;\n}');
  });

  it("is not misled by quotes, brackets or bars in doc comments", () => {
    for (const object of [
      "{\n  /** a > b */\n  x?: A | B;\n}",
      '{\n  /** "c | d */\n  x?: A | B;\n}',
    ]) {
      expect(unionOf(["string", object])).toBe(`string | ${object}`);
      expect(arrayOf(object)).toBe(`${object}[]`);
    }
  });
});

describe("arrayOf and intersectionOf", () => {
  it("parenthesize unions", () => {
    expect(arrayOf("Pet")).toBe("Pet[]");
    expect(arrayOf("number | string")).toBe("(number | string)[]");
    expect(arrayOf('"a|b"')).toBe('"a|b"[]');
    expect(intersectionOf(["A", "B | C"])).toBe("A & (B | C)");
  });
});

describe("literalType", () => {
  it("prints any JSON value safely", () => {
    expect(literalType('quote"d')).toBe('"quote\\"d"');
    expect(literalType(false)).toBe("false");
    expect(literalType(0)).toBe("0");
    expect(literalType("")).toBe('""');
    expect(literalType(null)).toBe("null");
  });

  it("prints an object's keys sorted, whatever the document's order", () => {
    expect(literalType({ slug: "ow", id: 14, nested: { b: 1, a: [{ y: 0, x: 1 }] } })).toBe(
      '{"id":14,"nested":{"a":[{"x":1,"y":0}],"b":1},"slug":"ow"}',
    );
  });
});
