import type { SchemaObject } from "../openapi/types.js";
import { canonicalJson } from "./canonical-json.js";
import { type Doc, docOf } from "./type-expr.js";

/**
 * What a schema says about the values it types, for the doc comment of a declared type: its
 * description, its `format` (the type is only `string` or `number`, so the format stays as a
 * note, as the seed asks for dates) and whether it is deprecated.
 */
export function schemaDoc(schema: SchemaObject): Doc {
  return docOf([schema.description, formatNote(schema)], deprecatedTag(schema.deprecated));
}

/** A property's doc: its schema's, with the `default` and `example` values as tags. */
export function propertyDoc(schema: SchemaObject): Doc {
  return docOf(
    [schema.description, formatNote(schema)],
    [...deprecatedTag(schema.deprecated), ...valueTags(schema.default, schema.example)],
  );
}

function formatNote(schema: SchemaObject): string | undefined {
  return typeof schema.format === "string" ? `Format: ${schema.format}` : undefined;
}

function deprecatedTag(deprecated: unknown): string[] {
  return deprecated === true ? ["@deprecated"] : [];
}

/** `@default` and `@example` with the values as JSON; an absent value adds nothing. */
function valueTags(defaultValue: unknown, example: unknown): string[] {
  return [
    ...(defaultValue === undefined ? [] : [`@default ${valueText(defaultValue)}`]),
    ...(example === undefined ? [] : [`@example ${valueText(example)}`]),
  ];
}

/** A document value as one line of JSON, keys sorted. */
export function valueText(value: unknown): string {
  return canonicalJson(value) ?? String(value);
}
