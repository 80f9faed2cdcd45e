/**
 * One row per JSON Schema keyword (OpenAPI 3.0 and the 2020-12 vocabulary of 3.1): component
 * schemas with a root `T`, values that must be a `T` and values that must not, the text the type
 * file must contain, and the warnings (where Kit approximates, exactly one, naming the place).
 */
export interface FidelityCase {
  readonly name: string;
  readonly version: "3.0" | "3.1";
  readonly schemas: Record<string, unknown>;
  readonly valid: readonly string[];
  readonly invalid: readonly string[];
  readonly prints?: readonly string[];
  readonly warnings?: readonly string[];
  /** `T` is a request body only, so it is built as sent (without `readOnly` properties). */
  readonly sent?: true;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const IF_WARNING =
  "if/then/else is not checked; then and else only add optional properties that fit either case";
const at = (pointer: string, message: string) => `#/components/schemas/T${pointer}: ${message}`;

const ITEM = {
  type: "object",
  properties: { id: { type: "integer" }, name: { type: "string" }, note: { type: "string" } },
};

export const CASES: readonly FidelityCase[] = [
  // type
  {
    name: "type-3.0",
    version: "3.0",
    schemas: {
      T: {
        type: "object",
        properties: { s: { type: "string" }, n: { type: "integer" }, b: { type: "boolean" } },
      },
    },
    valid: ["{ s: 'a', n: 1, b: true }", "{}"],
    invalid: ["{ s: 1 }", "{ n: '1' }", "{ b: null }"],
  },
  {
    name: "type-list-3.1",
    version: "3.1",
    schemas: { T: { type: ["string", "integer", "null"] } },
    valid: ["'a'", "1", "null"],
    invalid: ["true", "{}"],
  },
  {
    name: "nullable-3.0",
    version: "3.0",
    schemas: { T: { type: "string", nullable: true } },
    valid: ["'a'", "null"],
    invalid: ["1"],
  },
  {
    name: "boolean-schemas-3.1",
    version: "3.1",
    schemas: { T: { type: "object", properties: { any: true, none: false } } },
    valid: ["{ any: 1 }", "{}"],
    invalid: ["{ none: 1 }"],
  },
  // properties, required
  {
    name: "required-3.0",
    version: "3.0",
    schemas: { T: { ...ITEM, required: ["id"] } },
    valid: ["{ id: 1 }", "{ id: 1, name: 'n' }"],
    invalid: ["{ name: 'n' }", "{ id: '1' }"],
  },
  {
    name: "required-in-allof-branch-3.0",
    version: "3.0",
    schemas: { Item: ITEM, T: { allOf: [ref("Item"), { required: ["id", "name"] }] } },
    valid: ["{ id: 1, name: 'n' }", "{ id: 1, name: 'n', note: 'x' }"],
    invalid: ["{ id: 1 }", "{ name: 'n' }", "{ id: '1', name: 'n' }"],
  },
  {
    name: "required-beside-allof-ref-3.1",
    version: "3.1",
    schemas: {
      Item: ITEM,
      Shape: { oneOf: [ref("Item"), { type: "object", properties: { foo: { type: "string" } } }] },
      T: { type: "object", required: ["id"], allOf: [ref("Shape")] },
    },
    valid: ["{ id: 1 }", "{ id: 1, foo: 'f' }"],
    invalid: ["{ foo: 'f' }", "{ id: 1, foo: 2 }"],
  },
  {
    name: "required-beside-oneof-3.1",
    version: "3.1",
    schemas: {
      Item: ITEM,
      Other: { type: "object", properties: { foo: { type: "string" }, baz: { type: "number" } } },
      T: {
        required: ["foo", "bar", "baz"],
        properties: { bar: { type: "string" } },
        oneOf: [ref("Item"), ref("Other")],
      },
    },
    valid: ["{ foo: 'f', bar: 'b', baz: 1 }"],
    invalid: ["{ bar: 'b', baz: 1 }", "{ foo: 'f', bar: 'b' }", "{ foo: 'f', bar: 1, baz: 1 }"],
  },
  {
    name: "required-only-oneof-branches-3.0",
    version: "3.0",
    schemas: {
      T: {
        type: "object",
        properties: { a: { type: "string" }, b: { type: "integer" } },
        oneOf: [{ required: ["a"] }, { required: ["b"] }],
      },
    },
    valid: ["{ a: 'x' }", "{ b: 1 }"],
    invalid: ["{}", "{ a: 1 }"],
  },
  // allOf, oneOf, anyOf
  {
    name: "allof-3.0",
    version: "3.0",
    schemas: {
      Item: ITEM,
      T: {
        allOf: [ref("Item"), { properties: { extra: { type: "boolean" } }, required: ["extra"] }],
      },
    },
    valid: ["{ extra: true, id: 1 }"],
    invalid: ["{ id: 1 }"],
  },
  {
    name: "oneof-anyof-3.1",
    version: "3.1",
    schemas: { T: { oneOf: [{ type: "string" }, { type: "array", items: { type: "number" } }] } },
    valid: ["'a'", "[1, 2]"],
    invalid: ["1", "['a']"],
  },
  // items
  {
    name: "items-3.0",
    version: "3.0",
    schemas: { T: { type: "array", items: { type: "string" } } },
    valid: ["[]", "['a']"],
    invalid: ["[1]"],
  },
  // enum, const
  {
    name: "enum-3.0",
    version: "3.0",
    schemas: { T: { type: "string", enum: ["a", "b"] } },
    valid: ["'a'", "'b'"],
    invalid: ["'c'", "null"],
  },
  {
    name: "enum-nullable-3.0",
    version: "3.0",
    schemas: { T: { type: "string", nullable: true, enum: ["a", null] } },
    valid: ["'a'", "null"],
    invalid: ["'c'"],
  },
  {
    name: "enum-against-type-3.0",
    version: "3.0",
    schemas: { T: { type: "string", enum: ["a", null, "3.1", 3.1] } },
    valid: ["'a'", "'3.1'"],
    invalid: ["null", "3.1"],
  },
  {
    name: "const-against-type-list-3.1",
    version: "3.1",
    schemas: { T: { type: ["string", "null"], const: "x" } },
    valid: ["'x'"],
    invalid: ["null", "'y'"],
  },
  {
    name: "enum-against-type-list-3.1",
    version: "3.1",
    schemas: { T: { type: ["integer", "null"], enum: [1, 1.5, null, "1"] } },
    valid: ["1", "null"],
    invalid: ["1.5", "'1'"],
  },
  {
    name: "const-3.1",
    version: "3.1",
    schemas: { T: { const: 0 } },
    valid: ["0"],
    invalid: ["1", "'0'"],
  },
  {
    name: "enum-contradicting-type-3.0",
    version: "3.0",
    schemas: { T: { type: "integer", enum: ["0", "1"] } },
    valid: ["'0'", "'1'"],
    invalid: ["'2'"],
    warnings: [
      at("", 'no enum value has the schema\'s type "integer"; typed as the listed values'),
    ],
  },
  // additionalProperties
  {
    name: "additional-properties-typed-3.0",
    version: "3.0",
    schemas: {
      T: {
        type: "object",
        required: ["value"],
        properties: { value: { type: "integer" } },
        additionalProperties: { type: "integer" },
      },
    },
    valid: ["{ value: 1, other: 2 }"],
    invalid: ["{ value: 1, other: 'x' }", "{ other: 2 }"],
    prints: ["[key: string]: number;"],
  },
  {
    name: "additional-properties-false-3.1",
    version: "3.1",
    schemas: {
      T: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    },
    valid: ["{ a: 'x' }"],
    invalid: ["{ a: 'x', b: 1 }"],
  },
  {
    name: "additional-properties-map-3.0",
    version: "3.0",
    schemas: { T: { type: "object", additionalProperties: { type: "boolean" } } },
    valid: ["{ x: true }", "{}"],
    invalid: ["{ x: 1 }"],
  },
  // prefixItems, items, minItems
  {
    name: "prefix-items-rest-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "array",
        prefixItems: [{ type: "string" }, { type: "number" }],
        items: { type: "string" },
      },
    },
    valid: ["[]", "['a']", "['a', 1]", "['a', 1, 'b', 'c']"],
    invalid: ["[1]", "['a', 'b']", "['a', 1, 2]"],
    prints: ["[string?, number?, ...string[]]"],
  },
  {
    name: "prefix-items-closed-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "array",
        prefixItems: [{ type: "string" }, { type: "number" }],
        items: false,
        minItems: 2,
      },
    },
    valid: ["['a', 1]"],
    invalid: ["['a']", "['a', 1, 2]"],
    prints: ["export type T = [string, number];"],
  },
  {
    name: "array-without-items-3.0",
    version: "3.0",
    schemas: { T: { type: "array" } },
    valid: ["[1, 'a']"],
    invalid: ["{}"],
    warnings: [at("", "array without items; typed unknown[]")],
  },
  // patternProperties, propertyNames
  {
    name: "pattern-properties-prefix-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "object",
        properties: { name: { type: "string" } },
        patternProperties: { "^meta_": { type: "string" } },
        additionalProperties: false,
      },
    },
    valid: ["{ name: 'n', meta_x: 's' }", "{}"],
    invalid: ["{ name: 'n', meta_x: 1 }", "{ other: 's' }"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the printed TypeScript is a template literal type
    prints: ["[key: `meta_${string}`]: string;"],
  },
  {
    name: "pattern-properties-other-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "object",
        properties: { name: { type: "string" } },
        patternProperties: { "^[a-z]+$": { type: "number" } },
      },
    },
    valid: ["{ name: 'n', size: 1 }"],
    invalid: ["{ name: 1 }", "{ size: true }"],
    warnings: [
      at(
        "/patternProperties/^[a-z]+$",
        "patternProperties pattern is not a plain prefix; its keys are typed as any string key",
      ),
    ],
  },
  {
    name: "property-names-enum-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "object",
        propertyNames: { enum: ["a", "b"] },
        additionalProperties: { type: "integer" },
      },
    },
    valid: ["{ a: 1 }", "{}", "{ a: 1, b: 2 }"],
    invalid: ["{ c: 1 }", "{ a: 'x' }"],
    prints: ['Partial<Record<"a" | "b", number>>'],
  },
  {
    name: "property-names-pattern-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "object",
        propertyNames: { pattern: "^x" },
        additionalProperties: { type: "integer" },
      },
    },
    valid: ["{ xa: 1 }"],
    invalid: ["{ xa: 'a' }"],
    warnings: [at("/propertyNames", "propertyNames is not checked; keys typed string")],
  },
  // recursion through allOf
  {
    name: "allof-recursion-3.0",
    version: "3.0",
    schemas: {
      T: {
        type: "object",
        properties: { name: { type: "string" }, both: { allOf: [ref("T"), ref("B")] } },
      },
      B: { type: "object", properties: { size: { type: "integer" } } },
    },
    valid: ["{ both: { name: 'n', size: 1, both: { size: 2 } } }"],
    invalid: ["{ both: { size: 'x' } }", "{ both: { both: { name: 1 } } }"],
    prints: ["both?: T & B;"],
  },
  // if, then, else
  {
    name: "if-then-else-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "object",
        properties: { kind: { type: "string" } },
        if: { properties: { kind: { const: "a" } } },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
        then: { properties: { a: { type: "integer" } } },
        else: { properties: { b: { type: "string" } } },
      },
    },
    // Where then does not apply, `a` may hold anything: `a?: unknown`.
    valid: ["{ kind: 'a', a: 1 }", "{ kind: 'b', b: 'x' }", "{ kind: 'b', a: 'x' }", "{}"],
    invalid: ["{ kind: 1 }", "'a'"],
    prints: ["a?: unknown;", "b?: unknown;"],
    warnings: [at("/if", IF_WARNING)],
  },
  {
    name: "if-then-else-alone-3.1",
    version: "3.1",
    schemas: {
      T: {
        if: { properties: { kind: { const: "a" } } },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
        then: { properties: { size: { type: "integer" } }, required: ["size"] },
        else: { properties: { size: { type: "string" } } },
      },
    },
    valid: ["{ size: 1 }", "{ size: 'x' }", "{}"],
    invalid: ["{ size: true }"],
    prints: ["size?: number | string;"],
    warnings: [at("/if", IF_WARNING)],
  },
  {
    name: "if-then-beside-allof-3.1",
    version: "3.1",
    schemas: {
      Item: { ...ITEM, additionalProperties: { type: "string" } },
      T: {
        allOf: [ref("Item")],
        if: { properties: { id: { const: 0 } } },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
        then: { properties: { flag: { type: "boolean" } } },
      },
    },
    // Where then does not apply, `flag` is one of Item's other keys: a string.
    valid: ["{ id: 0, flag: true }", "{ id: 1, flag: 'x' }"],
    invalid: ["{ id: 'x' }", "{ flag: 1 }"],
    prints: ["flag?: boolean | string;"],
    warnings: [at("/if", IF_WARNING)],
  },
  {
    name: "if-then-required-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "object",
        properties: { kind: { type: "string" }, a: { type: "integer" } },
        if: { properties: { kind: { const: "a" } }, required: ["kind"] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
        then: { required: ["a"] },
      },
    },
    // `a` is required only where kind is "a": required everywhere would reject `{ kind: 'b' }`.
    valid: ["{ kind: 'b' }", "{ kind: 'a', a: 1 }", "{}"],
    invalid: ["{ a: 'x' }", "{ kind: 2 }"],
    prints: ["a?: number;"],
    warnings: [at("/if", IF_WARNING)],
  },
  {
    name: "if-then-on-a-string-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "string",
        if: { minLength: 3 },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
        then: { enum: ["long", "longer"] },
      },
    },
    valid: ["'ab'", "'long'"],
    invalid: ["1"],
    warnings: [at("/if", "if/then/else is not checked; then and else are not applied")],
  },
  // propertyNames beside properties
  {
    name: "property-names-beside-properties-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "object",
        properties: { a: { type: "string" } },
        propertyNames: { enum: ["a", "b", "c"] },
        additionalProperties: { type: "integer" },
      },
    },
    valid: ["{ a: 'x', b: 1 }", "{ c: 2 }", "{}"],
    invalid: ["{ d: 1 }", "{ b: 'x' }", "{ a: 1 }"],
    prints: ["b?: number;", "c?: number;"],
  },
  // required beside a union of objects and other values
  {
    name: "required-beside-mixed-oneof-3.1",
    version: "3.1",
    schemas: {
      T: {
        required: ["a"],
        properties: { a: { type: "integer" } },
        oneOf: [{ type: "string" }, { type: "object", properties: { b: { type: "string" } } }],
      },
    },
    valid: ["'s'", "{ a: 1 }", "{ a: 1, b: 'x' }"],
    invalid: ["{ b: 'x' }", "{ a: 'x' }", "true"],
  },
  // Meaning, round 3 (#33)
  {
    name: "required-without-property-3.0",
    version: "3.0",
    schemas: {
      T: { type: "object", required: ["id", "name"], properties: { name: { type: "string" } } },
    },
    valid: ["{ id: 1, name: 'n' }", "{ id: null, name: 'n' }"],
    invalid: ["{ name: 'n' }", "{ id: 1 }"],
    prints: ["id: unknown;"],
  },
  {
    name: "required-without-property-typed-by-additional-3.1",
    version: "3.1",
    schemas: {
      Base: { type: "object", properties: { a: { type: "string" } } },
      T: {
        allOf: [ref("Base"), { required: ["a", "b"], additionalProperties: { type: "integer" } }],
      },
    },
    valid: ["{ a: 'x', b: 1 }"],
    invalid: ["{ a: 'x' }", "{ a: 'x', b: 'y' }"],
  },
  {
    name: "allof-redeclared-property-3.0",
    version: "3.0",
    schemas: {
      Base: {
        type: "object",
        properties: {
          kind: { type: "string", enum: ["a", "b"] },
          id: { type: "integer" },
          note: { type: "string", nullable: true },
          meta: { type: "object", nullable: true },
          tags: { type: "array", items: { type: "object", properties: { a: { type: "string" } } } },
        },
      },
      T: {
        allOf: [
          ref("Base"),
          {
            type: "object",
            properties: {
              kind: { type: "string" },
              id: { description: "The id." },
              note: { type: "string" },
              meta: { type: "object", properties: { m: { type: "integer" } } },
              tags: {
                type: "array",
                items: { type: "object", properties: { b: { type: "integer" } } },
              },
            },
          },
        ],
      },
    },
    valid: ["{ kind: 'a', id: 1, note: 'n', meta: { m: 1 }, tags: [{ a: 'x', b: 1 }] }", "{}"],
    invalid: [
      "{ kind: 'c' }",
      "{ id: '1' }",
      "{ note: null }",
      "{ meta: null }",
      "{ meta: { m: 'x' } }",
      "{ tags: [{ a: 1 }] }",
      "{ tags: [{ b: 'x' }] }",
    ],
    prints: ['kind?: "a" | "b";', "id?: number;", "note?: string;", "meta?: {", "tags?: ({"],
  },
  {
    name: "read-only-allof-branch-sent-3.1",
    version: "3.1",
    sent: true,
    schemas: {
      Meta: { type: "object", properties: { id: { type: "integer", readOnly: true } } },
      Cat: { type: "object", properties: { meow: { type: "string" } } },
      Dog: { type: "object", properties: { bark: { type: "string" } } },
      T: { allOf: [ref("Meta"), { oneOf: [ref("Cat"), ref("Dog")] }] },
    },
    valid: ["{ meow: 'm' }", "{ bark: 'b' }"],
    invalid: ["{ meow: 'm', id: 1 }", "{ meow: 1 }"],
    prints: ["id?: never;"],
  },
  {
    name: "read-only-beside-oneof-sent-3.0",
    version: "3.0",
    sent: true,
    schemas: {
      Cat: { type: "object", properties: { meow: { type: "string" } } },
      Dog: { type: "object", properties: { bark: { type: "string" } } },
      T: {
        type: "object",
        properties: { id: { type: "integer", readOnly: true } },
        oneOf: [ref("Cat"), ref("Dog")],
      },
    },
    valid: ["{ meow: 'm' }", "{ bark: 'b' }"],
    invalid: ["{ bark: 'b', id: 1 }", "{ bark: 1 }"],
  },
  {
    name: "type-beside-constraint-only-allof-3.0",
    version: "3.0",
    schemas: { T: { type: "integer", allOf: [{ minimum: 1 }, { maximum: 5 }] } },
    valid: ["1", "5"],
    invalid: ["'1'", "null"],
    prints: ["export type T = number;"],
  },
  {
    name: "object-beside-required-only-allof-3.1",
    version: "3.1",
    schemas: { T: { type: "object", allOf: [{ required: ["a"] }, { minProperties: 1 }] } },
    valid: ["{ a: 1 }", "{ a: 'x' }"],
    invalid: ["{}", "'a'"],
  },
  {
    name: "allof-redeclared-contradicting-3.0",
    version: "3.0",
    schemas: {
      Base: { type: "object", properties: { at: { type: "integer" } } },
      T: { allOf: [ref("Base"), { type: "object", properties: { at: { type: "string" } } }] },
    },
    valid: ["{ at: 'now' }"],
    invalid: ["{ at: {} }"],
    prints: ["at?: string;"],
    warnings: [
      at(
        "/allOf/1/properties/at",
        "declared in allOf again with a type that excludes its other declaration; typed as this one",
      ),
    ],
  },
  {
    name: "closed-empty-branch-beside-others-3.0",
    version: "3.0",
    schemas: {
      A: { type: "object", properties: { a: { type: "string" } } },
      B: { type: "object", properties: { b: { type: "string" } } },
      T: {
        allOf: [{ oneOf: [ref("A"), ref("B")] }, { type: "object", additionalProperties: false }],
      },
    },
    // JSON Schema would allow only `{}`, which no author of such a branch means: it adds nothing.
    valid: ["{ a: 'x' }", "{ b: 'y' }"],
    invalid: ["'s'"],
  },
  {
    name: "closed-empty-object-3.0",
    version: "3.0",
    schemas: { T: { type: "object", additionalProperties: false } },
    valid: ["{}"],
    invalid: ["{ a: 1 }", "'a'"],
    prints: ["export type T = Record<string, never>;"],
  },
  {
    name: "dynamic-ref-pointer-3.1",
    version: "3.1",
    schemas: {
      Node: { type: "object", properties: { name: { type: "string" } } },
      T: { type: "object", properties: { node: { $dynamicRef: "#/components/schemas/Node" } } },
    },
    valid: ["{ node: { name: 'n' } }", "{}"],
    invalid: ["{ node: { name: 1 } }"],
    prints: ["node?: Node;"],
  },
  {
    name: "dynamic-ref-anchor-3.1",
    version: "3.1",
    schemas: {
      T: {
        type: "object",
        properties: { items: { type: "array", items: { $dynamicRef: "#item" } } },
      },
    },
    valid: ["{ items: [1, 'a'] }"],
    invalid: ["{ items: 1 }"],
    warnings: [
      at(
        "/properties/items/items",
        '$dynamicRef "#item" names a dynamic anchor, whose target depends on where the schema is used; typed unknown',
      ),
    ],
  },
];
