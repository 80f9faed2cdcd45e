import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject } from "../../openapi/types.js";
import { ownShape } from "../merge-object-shape.js";
import { intersection, isUnknown, primitive, type TypeExpr } from "../type-expr.js";
import { buildAllOf } from "./all-of.js";
import { type AlternativesKeyword, buildAlternatives } from "./alternatives.js";
import { isConstraintOnly } from "./constraint-only.js";
import { buildLiterals } from "./literals.js";
import { buildObjectType } from "./object.js";
import type { SchemaContext } from "./schema-context.js";
import { buildTypes, declaredTypes } from "./typed.js";

const ALTERNATIVES: readonly AlternativesKeyword[] = ["oneOf", "anyOf"];

/**
 * The keywords of one schema combined: `const`/`enum` are exact and stand alone; otherwise
 * `allOf`, `oneOf`, `anyOf` and the schema's own properties are intersected, and `type` joins in
 * where the unions leave the type open (they are absent, only constrain, or accept anything).
 */
export function buildSiblings(
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const literals = buildLiterals(schema);
  if (literals !== undefined) return literals;
  const types = declaredTypes(schema);
  const hasAllOf = Array.isArray(schema.allOf);
  const keywords = ALTERNATIVES.filter((keyword) => Array.isArray(schema[keyword]));

  const parts: TypeExpr[] = [];
  if (hasAllOf) parts.push(buildAllOf(schema, pointer, context));
  const unions: TypeExpr[] = [];
  for (const keyword of keywords) {
    const typedBySiblings =
      hasAllOf ||
      types.length > 0 ||
      keywords.some((other) => other !== keyword && !schema[other]!.every(isConstraintOnly));
    const part = buildAlternatives(schema, keyword, pointer, context, typedBySiblings);
    if (part !== undefined) unions.push(part);
  }
  parts.push(...unions);
  if (!hasAllOf) {
    if (unions.length > 0 && isObject(schema.properties)) {
      parts.push(buildObjectType(ownShape(schema, pointer), context));
    } else if (types.length > 0 && unions.every(isUnknown)) {
      parts.push(buildTypes(types, schema, pointer, context));
    }
  }
  if (parts.length === 0) {
    context.warnings.add("schema has no type and no structure; typed unknown", pointer);
    return primitive("unknown");
  }
  return parts.length === 1 ? parts[0]! : intersection(parts);
}
