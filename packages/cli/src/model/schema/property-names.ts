import { isObject } from "../../openapi/is-object.js";
import { dereference } from "../dereference.js";
import type { ObjectShape } from "../merge-object-shape.js";
import type { TypeExpr } from "../type-expr.js";
import type { SchemaContext } from "./schema-context.js";
import { buildSchemaType } from "./schema-type.js";

/**
 * The key type of a map whose `propertyNames` lists the keys (`enum` or `const`, also through a
 * `$ref`): `"a" | "b"`. Other `propertyNames` (`pattern`, `maxLength`, …) only constrain the text
 * of a key, which a `string` key cannot say, and beside declared properties no key type applies:
 * undefined, with a warning.
 */
export function buildPropertyNames(
  shape: ObjectShape,
  context: SchemaContext,
): TypeExpr | undefined {
  const names = shape.propertyNames;
  if (names === undefined) return undefined;
  const { schema, pointer } = names;
  const target = isObject(schema) ? dereference(context.loaded, schema, pointer).schema : undefined;
  const listsKeys =
    isObject(target) && (Array.isArray(target.enum) || Object.hasOwn(target, "const"));
  if (listsKeys && shape.properties.size === 0 && shape.patternProperties.size === 0) {
    return context.at("deferred", () => buildSchemaType(schema, pointer, context));
  }
  context.warnings.add("propertyNames is not checked; keys typed string", pointer);
  return undefined;
}
