import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject } from "../../openapi/types.js";
import type { SchemaInput } from "../schema-input.js";
import { isNullable } from "../schema-kind.js";
import { primitive, type TypeExpr, union } from "../type-expr.js";
import { buildKeywords } from "./keywords.js";
import { hasLiterals } from "./literals.js";
import { buildReference } from "./reference.js";
import type { SchemaContext } from "./schema-context.js";

/**
 * Building recurses once per nesting level, and hostile documents nest deeper than the call
 * stack allows (1,000 levels overflowed it); no real API nests inline schemas this deep.
 */
export const MAX_SCHEMA_DEPTH = 100;

/**
 * The type of a schema: a `$ref` is a reference to its target's named type, anything else is
 * built in place from its keywords.
 */
export function buildSchemaType(
  input: SchemaInput | boolean,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  if (context.depth >= MAX_SCHEMA_DEPTH) {
    context.warnings.add(
      `schema nests deeper than ${MAX_SCHEMA_DEPTH} levels; typed unknown`,
      pointer,
    );
    return primitive("unknown");
  }
  context.depth++;
  try {
    return buildInput(input, pointer, context);
  } finally {
    context.depth--;
  }
}

function buildInput(
  input: SchemaInput | boolean,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  // OpenAPI 3.1 allows boolean schemas: `true` accepts anything, `false` nothing.
  if (input === true) return primitive("unknown");
  if (input === false) return primitive("never");
  if (!isObject(input)) {
    context.warnings.add("a schema must be an object; typed unknown", pointer);
    return primitive("unknown");
  }
  if (typeof input.$ref === "string") {
    return buildReference(input as SchemaInput, pointer, context);
  }
  if (typeof input.$dynamicRef === "string") return buildDynamicReference(input, pointer, context);
  return buildSchema(input as SchemaObject, pointer, context);
}

/**
 * A `$dynamicRef` whose fragment is a JSON pointer (`#/$defs/node`) resolves as a `$ref` does
 * (JSON Schema 2020-12: only an anchor name can be dynamic). One that names an anchor (`#T`)
 * resolves against where the schema is used (generic containers), which one static type cannot
 * say: `unknown`, with a warning that says so.
 */
function buildDynamicReference(
  input: Record<string, unknown>,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const target = input.$dynamicRef as string;
  if (target.startsWith("#/")) return buildReference({ $ref: target }, pointer, context);
  context.warnings.add(
    `$dynamicRef "${target}" names a dynamic anchor, whose target depends on where the schema is used; typed unknown`,
    pointer,
  );
  return primitive("unknown");
}

/**
 * A schema object that is not a `$ref`; 3.0 `nullable` and a 3.1 `"null"` type both add `null`,
 * except that beside `const`/`enum` the type list only filters the listed values.
 */
export function buildSchema(
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const type = buildKeywords(schema, pointer, context);
  const addsNull = hasLiterals(schema) ? schema.nullable === true : isNullable(schema);
  return addsNull ? union([type, primitive("null")]) : type;
}
