import { dereference } from "../../openapi/refs.js";
import { referencedTypeName } from "../names.js";
import type { SchemaInput } from "../schema-input.js";
import { primitive, type TypeExpr } from "../type-expr.js";
import type { SchemaContext } from "./schema-context.js";

/**
 * A `$ref`: every target is declared once under a name, also one inside another schema
 * (`#/components/schemas/X/properties/y`). Built in place at each use, targets that refer to each
 * other doubled the output per level (a 155 KB document gave a 241 MB type file).
 */
export function buildReference(
  input: SchemaInput,
  pointer: string,
  context: SchemaContext,
): TypeExpr {
  const target = dereference(context.loaded, input, pointer);
  // A named binary string is declared as text (JSON's reading); as a multipart part it is a file.
  if (context.isFilePart && target.schema.format === "binary") {
    return context.build(target.schema, target.pointer);
  }
  const named =
    context.registry.get(target.pointer) ??
    context.registry.nameInline(target.pointer, referencedTypeName(target.pointer), target.schema);
  const self = context.selfReference(named);
  if (self !== undefined) return primitive(self);
  if (context.expandsInPlace(named)) {
    return context.aliasBody(named, () => context.build(named.schema, named.pointer));
  }
  context.named(named);
  return context.reference(named);
}
