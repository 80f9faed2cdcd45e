import type { ReferenceObject, SchemaObject } from "../openapi/types.js";

/** What stands where the document allows a schema: a schema object or a `$ref` to one. */
export type SchemaInput = SchemaObject | ReferenceObject;

/** A schema together with the JSON pointer it was read from, for names and messages. */
export interface SchemaAt {
  schema: SchemaInput;
  pointer: string;
}
