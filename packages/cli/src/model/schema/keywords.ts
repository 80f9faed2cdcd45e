import { isObject } from "../../openapi/is-object.js";
import { appendPointer } from "../../openapi/pointer.js";
import type { SchemaObject } from "../../openapi/types.js";
import { ownShape } from "../merge-object-shape.js";
import { hasConditional } from "../schema-kind.js";
import { intersection, isUnknown, primitive, type TypeExpr } from "../type-expr.js";
import { buildAllOf } from "./all-of.js";
import { isConstraintOnly, requiredKeys } from "./constraint-only.js";
import { buildLiterals } from "./literals.js";
import { buildObjectType } from "./object.js";
import { buildOneOfAnyOf, type UnionKeyword } from "./one-of-any-of.js";
import { buildRequiredKeys, keysDeclaredElsewhere } from "./required-keys.js";
import type { SchemaContext } from "./schema-context.js";
import { buildTypes, declaredTypes, excludesObjects } from "./type-keyword.js";

const UNION_KEYWORDS: readonly UnionKeyword[] = ["oneOf", "anyOf"];

/**
 * The keywords of one schema combined: `const`/`enum` are exact and stand alone; otherwise
 * `allOf`, `oneOf`, `anyOf` and the schema's own properties are intersected, and `type` joins in
 * where the unions leave the type open (they are absent, only constrain, or accept anything).
 * `required` keys that the schema's own properties do not declare are required of the union.
 */
export function buildKeywords(
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const literals = buildLiterals(schema, pointer, context.warnings);
  if (literals !== undefined) return literals;
  const types = declaredTypes(schema);
  const keywords = UNION_KEYWORDS.filter((keyword) => Array.isArray(schema[keyword]));
  const folded = foldConstraints(schema, types, keywords);
  if (folded !== undefined) return buildKeywords(folded, pointer, context);
  const hasAllOf = Array.isArray(schema.allOf);

  const mixed = mixedAlternatives(schema, keywords, pointer, context);
  if (mixed !== undefined) return mixed;
  const parts: TypeExpr[] = [];
  if (hasAllOf) parts.push(buildAllOf(schema, pointer, context));
  const unions: TypeExpr[] = [];
  // Unions of `{required: [a]}` branches follow the type they constrain: `{ a?: A } & ({ a: A } | …)`.
  const requirements: TypeExpr[] = [];
  for (const keyword of keywords) {
    const typedBySiblings = isTypedBySiblings(schema, keyword, keywords, types);
    const part = buildOneOfAnyOf(schema, keyword, pointer, context, typedBySiblings);
    if (part === undefined) continue;
    if (!isUnknown(part) && schema[keyword]!.every(isConstraintOnly)) requirements.push(part);
    else unions.push(part);
  }
  parts.push(...unions);
  if (!hasAllOf) {
    // Only beside alternatives are the schema's own members read here; alone, `buildTypes` reads them.
    const own = unions.length + requirements.length > 0 ? ownShape(schema, pointer) : undefined;
    // Where the schema's own object is built, it reports an `if`; elsewhere this does.
    let ownObject = false;
    if (own !== undefined && isObject(schema.properties)) {
      parts.push(buildObjectType(own, context, "elsewhere"));
      ownObject = true;
    } else if (types.length > 0 && unions.every(isUnknown)) {
      parts.push(buildTypes(types, schema, pointer, context));
      ownObject = types.includes("object");
    }
    if (!ownObject) reportConditionalType(schema, pointer, context);
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

/**
 * An `allOf` whose branches only constrain (`{type: integer, allOf: [{minimum: 1}]}`) beside a
 * `type` or a union that types the schema adds nothing to the type: the schema without it, its
 * branches' `required` keys joined to the schema's own. Undefined where the `allOf` is built as it
 * is: a branch types, or the schema has an object structure of its own to merge into.
 */
function foldConstraints(
  schema: SchemaObject,
  types: readonly unknown[],
  keywords: readonly UnionKeyword[],
): SchemaObject | undefined {
  if (!Array.isArray(schema.allOf) || !schema.allOf.every(isConstraintOnly)) return undefined;
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return undefined;
  if (hasConditional(schema)) return undefined;
  const typed =
    types.length > 0 || keywords.some((keyword) => !schema[keyword]!.every(isConstraintOnly));
  if (!typed) return undefined;
  const { allOf, ...rest } = schema;
  const required = [...new Set([requiredKeys(schema), ...allOf.map(requiredKeys)].flat())];
  return required.length === 0 ? rest : { ...rest, required };
}

/** Whether the keywords beside a union give it its type, so its constraint-only branches add nothing. */
function isTypedBySiblings(
  schema: SchemaObject,
  keyword: UnionKeyword,
  keywords: readonly UnionKeyword[],
  types: readonly unknown[],
): boolean {
  return (
    Array.isArray(schema.allOf) ||
    types.length > 0 ||
    keywords.some((other) => other !== keyword && !schema[other]!.every(isConstraintOnly))
  );
}

/**
 * A schema without `type` whose one union mixes objects with other values
 * (`oneOf: [{type: string}, {type: object}]`): its properties and `required` keys apply to
 * objects only, so they join the branches that may be objects, not the union. Undefined for any
 * other schema.
 */
function mixedAlternatives(
  schema: SchemaObject,
  keywords: readonly UnionKeyword[],
  pointer: string,
  context: SchemaContext,
): TypeExpr | undefined {
  const objectKeywords = isObject(schema.properties) || Array.isArray(schema.required);
  if (!objectKeywords || schema.type !== undefined || schema.allOf !== undefined) return undefined;
  if (keywords.length !== 1) return undefined;
  const keyword = keywords[0]!;
  const branches = schema[keyword]!;
  const mixes = branches.some((branch, index) =>
    excludesObjects(context.loaded, branch, appendPointer(pointer, keyword, index)),
  );
  if (!mixes || branches.some(isConstraintOnly)) return undefined;
  const own = ownShape(schema, pointer);
  const objectParts: TypeExpr[] = [];
  if (isObject(schema.properties)) objectParts.push(buildObjectType(own, context, "elsewhere"));
  const elsewhere = keysDeclaredElsewhere(requiredKeys(schema), own);
  if (elsewhere.length > 0) objectParts.push(buildRequiredKeys(elsewhere, undefined, context));
  if (objectParts.length === 0) return undefined;
  return buildOneOfAnyOf(schema, keyword, pointer, context, false, objectParts);
}

/**
 * An `if` on a schema that is not built as an object (`type: string`, a union) whose `then` or
 * `else` would type the value (`enum`, `type`, `properties`, `false`): TypeScript cannot apply
 * them, so they are left out with one warning.
 */
function reportConditionalType(
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): void {
  if (!hasConditional(schema)) return;
  const typing = (["then", "else"] as const).some((keyword) => {
    const branch: unknown = schema[keyword];
    return branch === false || (isObject(branch) && !isConstraintOnly(branch));
  });
  if (typing) {
    context.warnings.add(
      "if/then/else is not checked; then and else are not applied",
      appendPointer(pointer, "if"),
    );
  }
}
