import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import { mergeObjectShape } from "./merge-object-shape.js";
import { hiddenIn } from "./read-write.js";
import type { SchemaAt, SchemaInput } from "./schema-input.js";

/** Keywords that give a schema without `type` a TypeScript type other than `unknown`. */
const SHAPE_KEYWORDS = ["allOf", "properties", "additionalProperties", "items", "enum", "const"];

/** Deeper than this, a value is not looked at and counts as not fitting. */
const MAX_DEPTH = 24;

/**
 * Whether `value` stays within what the schema declares, so an object literal of it passes
 * TypeScript's checks against the generated type: an object has its required properties and
 * every key of it is a declared property (or the schema takes extra keys) that answers carry (not
 * `writeOnly`) and fits each declaration of it, every primitive has a type the schema allows and
 * is one of its `enum`, `null` only where the schema allows it. JSON Schema lets an object carry
 * keys it does not name, and documents' examples often do (Box's metadata examples carry
 * `$canEdit`); a literal with such a key fails TypeScript's excess-property check. Values nested
 * deeper than the limit answer no.
 */
export function fitsDeclaredShape(
  loaded: LoadedDocument,
  at: SchemaAt,
  value: unknown,
  depth = 0,
): boolean {
  if (depth > MAX_DEPTH) return false;
  const { schema, pointer } = dereference(loaded, at.schema, at.pointer);
  const primitive = value === null || typeof value !== "object";
  if (
    Array.isArray(schema.enum) &&
    primitive &&
    !schema.enum.some((item) => Object.is(item, value))
  )
    return false;
  for (const key of ["oneOf", "anyOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0)
      return branches.some((branch, index) =>
        fitsDeclaredShape(
          loaded,
          {
            schema: withSiblings(schema, branch, key),
            pointer: appendPointer(pointer, key, index),
          },
          value,
          depth + 1,
        ),
      );
  }
  const types: unknown[] = Array.isArray(schema.type)
    ? schema.type
    : schema.type === undefined
      ? []
      : [schema.type];
  if (value === null)
    return (
      types.includes("null") ||
      schema.nullable === true ||
      (types.length === 0 && !SHAPE_KEYWORDS.some((keyword) => keyword in schema))
    );
  const structured = SHAPE_KEYWORDS.some((keyword) => keyword in schema);
  if (Array.isArray(value)) {
    if (types.length > 0 ? !types.includes("array") : structured && !("items" in schema))
      return false;
    const items = isObject(schema.items) ? (schema.items as SchemaInput) : undefined;
    const where = appendPointer(pointer, "items");
    return (
      items === undefined ||
      value.every((item) =>
        fitsDeclaredShape(loaded, { schema: items, pointer: where }, item, depth + 1),
      )
    );
  }
  if (typeof value === "object") {
    if (types.length > 0 && !types.includes("object")) return false;
    const shape = mergeObjectShape(loaded, [{ schema, pointer }]);
    if (shape === undefined) return false;
    const extra = shape.additionalProperties;
    const open = extra === true || shape.patternProperties.size > 0;
    // A `writeOnly` property is not a member of the type an answer is read as (a required one
    // is printed `?: never`): the value must not carry it, and need not.
    const hidden = (key: string) => {
      const property = shape.properties.get(key);
      return property !== undefined && hiddenIn(loaded, "response", property);
    };
    if ([...shape.required].some((key) => !hidden(key) && !Object.hasOwn(value, key))) return false;
    // No members at all: printed as a type that takes any keys, unless it is closed.
    if (shape.properties.size === 0 && extra === undefined && !open) return !shape.closed;
    return Object.entries(value as Record<string, unknown>).every(([key, item]) => {
      if (hidden(key)) return false;
      const property = shape.properties.get(key);
      // A key several `allOf` parts declare is typed as all of them.
      if (property !== undefined)
        return [property, ...(shape.earlier.get(key) ?? [])].every((declared) =>
          fitsDeclaredShape(loaded, declared, item, depth + 1),
        );
      if (extra === undefined || extra === true) return open;
      return fitsDeclaredShape(loaded, extra, item, depth + 1);
    });
  }
  // A string, number or boolean where the schema describes an object or array (a document
  // example written as JSON text).
  // `format: binary` is printed as Blob, which no JSON value is.
  if (schema.format === "binary") return false;
  if (types.length === 0) return !structured || "enum" in schema || "const" in schema;
  const kinds =
    typeof value === "number"
      ? Number.isInteger(value)
        ? ["integer", "number"]
        : ["number"]
      : [typeof value];
  return kinds.some((kind) => types.includes(kind));
}

/** A `oneOf`/`anyOf` branch with the keywords beside it (`type`, `properties`) that also apply. */
function withSiblings(parent: object, branch: unknown, key: "oneOf" | "anyOf"): SchemaInput {
  if (!isObject(branch)) return branch as SchemaInput;
  const { [key]: _, ...siblings } = parent as Record<string, unknown>;
  if (Object.keys(siblings).length === 0) return branch as SchemaInput;
  return { allOf: [siblings, branch] } as SchemaInput;
}
