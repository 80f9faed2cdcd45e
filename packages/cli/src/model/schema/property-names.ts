import { isObject } from "../../openapi/is-object.js";
import type { LoadedDocument } from "../../openapi/load.js";
import { dereference } from "../../openapi/refs.js";
import type { ObjectShape } from "../merge-object-shape.js";
import type { TypeExpr } from "../type-expr.js";
import type { SchemaContext } from "./schema-context.js";

/**
 * The key type of a map whose `propertyNames` lists the keys (`enum` or `const`, also through a
 * `$ref`): `"a" | "b"`. Beside declared properties, listed keys become properties of their own
 * (see `listedKeys`). Other `propertyNames` (`pattern`, `maxLength`, …) only constrain the text
 * of a key, which a `string` key cannot say: undefined, with a warning.
 */
export function buildPropertyNames(
  shape: ObjectShape,
  context: SchemaContext,
): TypeExpr | undefined {
  const names = shape.propertyNames;
  if (names === undefined) return undefined;
  const keys = listedKeys(shape, context.loaded);
  if (keys !== undefined && shape.properties.size === 0) {
    return context.at("deferred", () => context.build(names.schema, names.pointer));
  }
  if (keys === undefined) {
    context.warnings.add("propertyNames is not checked; keys typed string", names.pointer);
  }
  return undefined;
}

/**
 * The keys an object's `propertyNames` lists with `enum` or `const` (the strings: a key is one),
 * when no `patternProperties` beside it needs a key type of its own; undefined otherwise.
 */
export function listedKeys(shape: ObjectShape, loaded: LoadedDocument): string[] | undefined {
  const names = shape.propertyNames;
  if (names === undefined || shape.patternProperties.size > 0 || !isObject(names.schema)) {
    return undefined;
  }
  const target = dereference(loaded, names.schema, names.pointer).schema;
  if (!isObject(target)) return undefined;
  const values = Object.hasOwn(target, "const")
    ? [target.const]
    : Array.isArray(target.enum)
      ? target.enum
      : undefined;
  return values?.filter((value): value is string => typeof value === "string");
}
