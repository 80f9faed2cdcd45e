import re
R='/work/wt/i12/packages/cli/'
def sub(p, old, new):
    s=open(R+p).read(); assert old in s,(p,old[:60]); s=s.replace(old,new,1); open(R+p,'w').write(s)
# 1. absorbed literals collapse in the printer
sub('src/emit/type-printer.ts','''/** A printed type, and whether its text is a union or intersection at the top level. */
interface Printed {
  readonly text: string;
  readonly compound?: "union" | "intersection";
}''','''/**
 * A printed type, whether its text is a union or intersection at the top level, and for a literal
 * the primitive type that includes it.
 */
interface Printed {
  readonly text: string;
  readonly compound?: "union" | "intersection";
  readonly literalOf?: "string" | "number" | "boolean";
}

const LITERAL_TYPES = new Set(["string", "number", "boolean"]);''')
sub('src/emit/type-printer.ts','''      case "literal":
        return { text: literalType(type.value) };''','''      case "literal": {
        const of = typeof type.value;
        const text = literalType(type.value);
        return LITERAL_TYPES.has(of) ? { text, literalOf: of as Printed["literalOf"] } : { text };
      }''')
sub('src/emit/type-printer.ts','''    for (const member of members) add(member);
    if (branches.size > 1) branches.delete("never");''','''    for (const member of members) add(member);
    // A primitive absorbs its literals: `"" | string` is `string`.
    for (const [text, branch] of branches) {
      if (branch.literalOf !== undefined && branches.has(branch.literalOf)) branches.delete(text);
    }
    if (branches.size > 1) branches.delete("never");''')
sub('src/emit/type-printer.ts','''   * Members flattened, de-duplicated and sorted by text, `null` last; `unknown` absorbs the rest
   * and `never` adds nothing beside other members.''','''   * Members flattened, de-duplicated and sorted by text, `null` last; `unknown` absorbs the rest,
   * `string`, `number` and `boolean` absorb their literals, and `never` adds nothing beside other
   * members.''')
# 2. format note on aliases
sub('src/model/declaration.ts','''  const doc = docOf([schema.description], schema.deprecated === true ? ["@deprecated"] : []);
  const shape = interfaceShape(context.loaded, schema, type.pointer);
  if (shape) {''','''  const tags = schema.deprecated === true ? ["@deprecated"] : [];
  const shape = interfaceShape(context.loaded, schema, type.pointer);
  if (shape) {
    const doc = docOf([schema.description], tags);''')
sub('src/model/declaration.ts','''  const body = context.aliasBody(type, () => buildSchemaType(type.schema, type.pointer, context));
  return { type, doc, body: { kind: "alias", type: body } };''','''  const body = context.aliasBody(type, () => buildSchemaType(type.schema, type.pointer, context));
  // An alias of a formatted scalar keeps the format, as a property does.
  const format = typeof schema.format === "string" ? `Format: ${schema.format}` : undefined;
  return { type, doc: docOf([schema.description, format], tags), body: { kind: "alias", type: body } };''')
sub('test/emit/type-printer.test.ts','''  it("parenthesizes unions inside arrays and intersections", () => {''','''  it("lets string, number and boolean absorb their literals", () => {
    expect(print(union([literal(""), primitive("string"), literal(0)]))).toBe("0 | string");
    expect(print(union([literal(1), primitive("number"), literal(true), primitive("boolean")]))).toBe(
      "boolean | number",
    );
    expect(print(union([literal("a"), literal("b")]))).toBe('"a" | "b"');
  });

  it("parenthesizes unions inside arrays and intersections", () => {''')
open(R+'test/model/declaration.test.ts','w').write('''import { describe, expect, it } from "vitest";
import { buildDeclaration } from "../../src/model/declaration.js";
import { builder } from "./schema/support.js";

describe("buildDeclaration", () => {
  it("keeps a formatted scalar alias's format in its doc, as a property's", () => {
    const { registry, context } = builder({
      When: { type: "string", format: "date-time", description: "A moment" },
    });
    const declaration = buildDeclaration(registry.get("#/components/schemas/When")!, context);
    expect(declaration.doc).toEqual({ paragraphs: ["A moment", "Format: date-time"], tags: [] });
    expect(declaration.body).toEqual({ kind: "alias", type: { kind: "primitive", name: "string" } });
  });

  it("declares an object with properties as an interface, its doc without a format", () => {
    const { registry, context } = builder({
      Pet: { type: "object", properties: { id: { type: "integer" } }, deprecated: true },
    });
    const declaration = buildDeclaration(registry.get("#/components/schemas/Pet")!, context);
    expect(declaration.doc).toEqual({ paragraphs: [], tags: ["@deprecated"] });
    expect(declaration.body.kind).toBe("interface");
  });
});
''')
