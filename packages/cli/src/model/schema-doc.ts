import type { SchemaObject } from "../openapi/types.js";
import { type Doc, docOf } from "./type-expr.js";

/**
 * What a schema says about the values it types, for the doc comment of a declared type or a
 * property: its description, its `format` (the type is only `string` or `number`, so the format
 * is kept as a note, as the seed asks for dates) and whether it is deprecated.
 */
export function schemaDoc(schema: SchemaObject): Doc {
  const format = typeof schema.format === "string" ? `Format: ${schema.format}` : undefined;
  return docOf([schema.description, format], schema.deprecated === true ? ["@deprecated"] : []);
}
