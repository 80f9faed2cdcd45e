import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject } from "../../openapi/types.js";
import type { SchemaInput } from "../schema-input.js";
import { isNullable } from "../schema-kind.js";
import { primitive, type TypeExpr, union } from "../type-expr.js";
import { hasLiterals } from "./literals.js";
import { buildReference } from "./reference.js";
import type { SchemaContext } from "./schema-context.js";
import { buildSiblings } from "./siblings.js";

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
  return buildSchema(input as SchemaObject, pointer, context);
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
  const type = buildSiblings(schema, pointer, context);
  const addsNull = hasLiterals(schema) ? schema.nullable === true : isNullable(schema);
  return addsNull ? union([type, primitive("null")]) : type;
}
