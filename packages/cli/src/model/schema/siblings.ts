import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject } from "../../openapi/types.js";
import { ownShape } from "../merge-object-shape.js";
import { intersection, isUnknown, primitive, type TypeExpr } from "../type-expr.js";
import { buildAllOf } from "./all-of.js";
import { type AlternativesKeyword, buildAlternatives } from "./alternatives.js";
import { isConstraintOnly, requiredKeys } from "./constraint-only.js";
import { buildLiterals } from "./literals.js";
import { buildObjectType } from "./object.js";
import { buildRequiredKeys, keysDeclaredElsewhere } from "./required.js";
import type { SchemaContext } from "./schema-context.js";
import { buildTypes, declaredTypes } from "./typed.js";

const ALTERNATIVES: readonly AlternativesKeyword[] = ["oneOf", "anyOf"];

/**
 * The keywords of one schema combined: `const`/`enum` are exact and stand alone; otherwise
 * `allOf`, `oneOf`, `anyOf` and the schema's own properties are intersected, and `type` joins in
 * where the unions leave the type open (they are absent, only constrain, or accept anything).
 * `required` keys that the schema's own properties do not declare are required of the union.
 */
export function buildSiblings(
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const literals = buildLiterals(schema, pointer, context.warnings);
  if (literals !== undefined) return literals;
  const types = declaredTypes(schema);
  const hasAllOf = Array.isArray(schema.allOf);
  const keywords = ALTERNATIVES.filter((keyword) => Array.isArray(schema[keyword]));

  const parts: TypeExpr[] = [];
  if (hasAllOf) parts.push(buildAllOf(schema, pointer, context));
  const unions: TypeExpr[] = [];
  // Unions of `{required: [a]}` branches follow the type they constrain: `{ a?: A } & ({ a: A } | …)`.
  const requirements: TypeExpr[] = [];
  for (const keyword of keywords) {
    const typedBySiblings =
      hasAllOf ||
      types.length > 0 ||
      keywords.some((other) => other !== keyword && !schema[other]!.every(isConstraintOnly));
    const part = buildAlternatives(schema, keyword, pointer, context, typedBySiblings);
    if (part === undefined) continue;
    if (!isUnknown(part) && schema[keyword]!.every(isConstraintOnly)) requirements.push(part);
    else unions.push(part);
  }
  parts.push(...unions);
  if (!hasAllOf) {
    // Only beside alternatives are the schema's own members read here; alone, `buildTypes` reads them.
    const own = unions.length + requirements.length > 0 ? ownShape(schema, pointer) : undefined;
    if (own !== undefined && isObject(schema.properties)) {
      parts.push(buildObjectType(own, context));
    } else if (types.length > 0 && unions.every(isUnknown)) {
      parts.push(buildTypes(types, schema, pointer, context));
    }
    const elsewhere = own === undefined ? [] : keysDeclaredElsewhere(requiredKeys(schema), own);
    if (elsewhere.length > 0) {
      requirements.push(buildRequiredKeys(elsewhere, undefined, context));
    }
  }
  parts.push(...requirements);
  if (parts.length === 0) {
    context.warnings.add("schema has no type and no structure; typed unknown", pointer);
    return primitive("unknown");
  }
  return parts.length === 1 ? parts[0]! : intersection(parts);
}
