import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject } from "../../openapi/types.js";
import { compareText } from "../compare.js";
import type { ObjectShape } from "../merge-object-shape.js";
import { hiddenIn } from "../read-write.js";
import { propertyDoc } from "../schema-doc.js";
import { NO_DOC, NOTHING_LEFT, type Property, primitive, type TypeExpr } from "../type-expr.js";
import type { SchemaContext } from "./schema-context.js";
import { buildSchemaType } from "./schema-type.js";

/**
 * An object with its properties, or a record for a pure map (an object literal type where the map
 * names the alias it stands in, see `mapValue`). Extra keys beside declared properties get an
 * `unknown` index signature, the only one every property type fits.
 */
export function buildObjectType(shape: ObjectShape, context: SchemaContext): TypeExpr {
  if (shape.properties.size === 0) {
    const extra = shape.additionalProperties;
    if (extra === undefined || extra === true) {
      return { kind: "record", value: primitive("unknown"), literal: false };
    }
    const { value, needsLiteral } = context.mapValue(() =>
      buildSchemaType(extra.schema, extra.pointer, context),
    );
    return { kind: "record", value, literal: needsLiteral };
  }
  const properties = buildProperties(shape, context);
  const extraKeys = shape.additionalProperties !== undefined;
  return properties.length === 0 && !extraKeys
    ? NOTHING_LEFT
    : { kind: "object", properties, extraKeys };
}

/** The properties sorted by key, each with its doc. */
export function buildProperties(shape: ObjectShape, context: SchemaContext): Property[] {
  const view = context.view;
  const keys = [...shape.properties.keys()].filter(
    (key) => view === undefined || !hiddenIn(context.loaded, view, shape.properties.get(key)!),
  );
  return keys.sort(compareText).map((key) => {
    const { schema, pointer } = shape.properties.get(key)!;
    return {
      key,
      optional: !shape.required.has(key),
      doc: isObject(schema) ? propertyDoc(schema as SchemaObject) : NO_DOC,
      type: context.at("deferred", () => buildSchemaType(schema, pointer, context)),
    };
  });
}
