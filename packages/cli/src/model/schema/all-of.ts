import { isObject } from "../../openapi/is-object.js";
import { appendPointer } from "../../openapi/pointer.js";
import { dereference } from "../../openapi/refs.js";
import type { SchemaObject } from "../../openapi/types.js";
import { mergeObjectShape, ownShape } from "../merge-object-shape.js";
import type { SchemaInput } from "../schema-input.js";
import { hasConditional, hasConditionalProperties } from "../schema-kind.js";
import { intersection, primitive, type TypeExpr } from "../type-expr.js";
import { isConstraintOnly, isRequiredOnly, requiredKeys } from "./constraint-only.js";
import { buildObjectType, reportConditionals } from "./object.js";
import { buildRequiredKeys, keysDeclaredElsewhere } from "./required-keys.js";
import type { SchemaContext } from "./schema-context.js";

/**
 * `allOf` with the schema's own properties: object branches merge into one object type, `required`
 * of any branch included; with a non-object branch the result is an intersection, where a branch
 * that only lists `required` keys makes them required (`Item & { id: unknown }`). A lone branch
 * (`allOf: [$ref]`, often used to annotate a reference) stays a name. A branch that only
 * constrains otherwise adds nothing beside others. A branch that refers to a schema whose members
 * are being built around this one (`A: {properties: {both: {allOf: [A, B]}}}`) keeps the branches
 * as references, `A & B`: merged, it would expand once more per level.
 */
export function buildAllOf(
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const branches = schema.allOf!;
  const own = ownShape(schema, pointer);
  const elsewhere = keysDeclaredElsewhere(requiredKeys(schema), own);
  const hasOwnStructure =
    isObject(schema.properties) ||
    schema.additionalProperties !== undefined ||
    hasConditionalProperties(schema);
  // An `if` beside the branches adds optional properties, or at least its warning.
  const conditional = hasConditional(schema);
  if (branches.length === 1 && !hasOwnStructure && !conditional && elsewhere.length === 0) {
    return context.build(branches[0]!, appendPointer(pointer, "allOf", 0));
  }
  const typed =
    hasOwnStructure || conditional || branches.some((branch) => !isConstraintOnly(branch));
  const targets = referenceTargets(branches, pointer, context);
  const recursive = targets.some((target) => context.isExpanding(target));
  const merged =
    typed && !recursive ? mergeObjectShape(context.loaded, [{ schema, pointer }]) : undefined;
  if (merged) return context.expanding(targets, () => buildObjectType(merged, context));
  const parts = context.at("intersection", () =>
    branches.map((branch, index) => {
      if (!typed || !isConstraintOnly(branch)) {
        return context.build(branch, appendPointer(pointer, "allOf", index));
      }
      return isRequiredOnly(branch)
        ? buildRequiredKeys(requiredKeys(branch), own, context)
        : primitive("unknown");
    }),
  );
  if (hasOwnStructure) parts.push(buildObjectType(own, context, "elsewhere"));
  else reportConditionals(own, context);
  if (elsewhere.length > 0) parts.push(buildRequiredKeys(elsewhere, undefined, context));
  return intersection(parts);
}

/** Where the branches that are references point to. */
function referenceTargets(
  branches: readonly unknown[],
  pointer: string,
  context: SchemaContext,
): string[] {
  return branches.flatMap((branch, index) =>
    isObject(branch) && typeof branch.$ref === "string"
      ? [
          dereference(context.loaded, branch as SchemaInput, appendPointer(pointer, "allOf", index))
            .pointer,
        ]
      : [],
  );
}
