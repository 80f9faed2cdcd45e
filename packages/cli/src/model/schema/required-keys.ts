import { compareText } from "../compare.js";
import type { ObjectShape } from "../merge-object-shape.js";
import { docOf, type Property, primitive, type TypeExpr } from "../type-expr.js";
import type { SchemaContext } from "./schema-context.js";

/**
 * The object type that makes `keys` required where the property is declared elsewhere (a
 * referenced branch, or the schema's own properties seen from a `{required: [a]}` branch), to
 * intersect with: `Item & { id: unknown }`. A key the schema's own properties declare keeps their
 * type; any other is `unknown`, which in the intersection leaves the declaring type's own.
 */
export function buildRequiredKeys(
  keys: readonly string[],
  own: ObjectShape | undefined,
  context: SchemaContext,
): TypeExpr {
  const properties = [...keys].sort(compareText).map((key): Property => {
    const declared = own?.properties.get(key);
    return {
      key,
      optional: false,
      doc: docOf([]),
      type:
        declared === undefined
          ? primitive("unknown")
          : context.at("deferred", () => context.build(declared.schema, declared.pointer)),
    };
  });
  return { kind: "object", properties, indexes: [] };
}

/** The schema's `required` keys its own `properties` do not declare. */
export function keysDeclaredElsewhere(required: readonly string[], own: ObjectShape): string[] {
  return required.filter((key) => !own.properties.has(key));
}
