import { appendPointer } from "../../openapi/pointer.js";
import type { SchemaObject } from "../../openapi/types.js";
import { primitive, type TypeExpr } from "../type-expr.js";
import type { SchemaContext } from "./schema-context.js";

/**
 * An array: `T[]` for `items`; a tuple for 3.1 `prefixItems`, whose elements beyond `minItems` are
 * optional (`[]` is valid without it), with `items` as the rest (none for `items: false`). An array
 * with neither says nothing of its items: `unknown[]`, with a warning.
 */
export function buildArray(
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const { items, prefixItems } = schema;
  if (Array.isArray(prefixItems)) {
    return context.at("deferred", () => buildTuple(prefixItems, schema, pointer, context));
  }
  if (items === undefined) {
    context.warnings.add("array without items; typed unknown[]", pointer);
    return { kind: "array", item: primitive("unknown") };
  }
  return {
    kind: "array",
    item: context.at("deferred", () => context.build(items, appendPointer(pointer, "items"))),
  };
}

function buildTuple(
  prefixItems: readonly unknown[],
  schema: SchemaObject,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const elements = prefixItems.map((item, index) =>
    context.build(item as SchemaObject, appendPointer(pointer, "prefixItems", index)),
  );
  const minItems = typeof schema.minItems === "number" ? Math.floor(schema.minItems) : 0;
  const required = Math.max(0, Math.min(minItems, elements.length));
  const items = schema.items as SchemaObject | boolean | undefined;
  if (items === false) return { kind: "tuple", elements, required };
  const rest =
    items === undefined || items === true
      ? primitive("unknown")
      : context.build(items, appendPointer(pointer, "items"));
  return { kind: "tuple", elements, required, rest };
}
