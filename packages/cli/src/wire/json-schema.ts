import { isObject } from "../openapi/is-object.js";
import type { OpenAPIDocument } from "../openapi/types.js";
import { emptyRecord } from "./form-fields.js";

/** Which side of the wire a schema describes: `readOnly` fields are not sent, `writeOnly` not answered. */
export type Direction = "request" | "response";

/**
 * The document with every OpenAPI 3.0 schema spelled as JSON Schema 2020-12, so one validator
 * (Ajv2020) reads 3.0 and 3.1 alike: `nullable: true` adds `null` to `type` and `enum`, a boolean
 * `exclusiveMinimum`/`exclusiveMaximum` becomes the number form. For the request side, `readOnly`
 * properties leave `required`; for the response side, `writeOnly` ones do (OpenAPI: such a property
 * "MAY be required" only on the other side). A 3.1 document only gets the `required` change.
 * Pure: returns a copy.
 */
export function toJsonSchemaDocument(document: OpenAPIDocument, direction: Direction): object {
  return convert(document, is30Document(document), direction, false) as object;
}

/** Keys whose values are maps or lists of schemas, or a schema. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SCHEMA_VALUES = new Set([
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
]);

/** Objects outside schemas whose keys are names (a component, a media type), not keywords. */
const NAMED_MAPS = new Set([
  "paths",
  "webhooks",
  "parameters",
  "headers",
  "responses",
  "requestBodies",
  "securitySchemes",
  "links",
  "callbacks",
  "pathItems",
  "content",
  "encoding",
]);

/**
 * Keys holding example data or extensions: the validator never reads them, and Ajv would take a
 * `$id` inside such data (Box's examples are full of them) for a schema's id.
 */
function isData(key: string): boolean {
  return key === "example" || key === "examples" || key.startsWith("x-");
}

function convert(value: unknown, is30: boolean, direction: Direction, named: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, is30, direction, false));
  if (!isObject(value)) return value;
  // Outside schemas, every `schema` key and `components.schemas` entry starts a schema.
  const copy = emptyRecord();
  for (const [key, item] of Object.entries(value)) {
    if (!named && isData(key)) continue;
    if (key === "schema" && !named) copy[key] = schema(item, is30, direction);
    else if (key === "schemas" && isObject(item))
      copy[key] = mapValues(item, (entry) => schema(entry, is30, direction));
    else copy[key] = convert(item, is30, direction, NAMED_MAPS.has(key) && !named);
  }
  return copy;
}

function mapValues(
  object: Record<string, unknown>,
  change: (value: unknown) => unknown,
): Record<string, unknown> {
  const copy = emptyRecord();
  for (const [key, value] of Object.entries(object)) copy[key] = change(value);
  return copy;
}

/** One schema (and the schemas inside it) spelled as JSON Schema 2020-12; example data left out. */
export function convertSchema(value: unknown, is30: boolean, direction: Direction): unknown {
  return schema(value, is30, direction);
}

/** Whether the document is OpenAPI 3.0, whose schema spellings are converted. */
export function is30Document(document: OpenAPIDocument): boolean {
  return typeof document.openapi === "string" && document.openapi.startsWith("3.0.");
}

function schema(value: unknown, is30: boolean, direction: Direction): unknown {
  if (!isObject(value)) return value;
  const copy = emptyRecord();
  for (const [key, item] of Object.entries(value)) {
    if (isData(key)) continue;
    if (SCHEMA_MAPS.has(key) && isObject(item))
      copy[key] = mapValues(item, (entry) => schema(entry, is30, direction));
    else if (SCHEMA_LISTS.has(key) && Array.isArray(item))
      copy[key] = item.map((entry) => schema(entry, is30, direction));
    else if (SCHEMA_VALUES.has(key)) copy[key] = schema(item, is30, direction);
    else copy[key] = item;
  }
  // 3.0's spellings also turn up in 3.1 documents (OpenAI's); read there, they keep their meaning
  // instead of making the schema one Ajv refuses to compile.
  if (is30 || typeof copy.nullable === "boolean" || hasBooleanBound(copy)) spell30As2020(copy);
  dropOtherSideRequired(copy, direction);
  return copy;
}

function hasBooleanBound(schema: Record<string, unknown>): boolean {
  return (
    typeof schema.exclusiveMinimum === "boolean" || typeof schema.exclusiveMaximum === "boolean"
  );
}

function spell30As2020(schema: Record<string, unknown>): void {
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof schema[exclusive] !== "boolean") continue;
    if (schema[exclusive] === true && typeof schema[bound] === "number") {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else delete schema[exclusive];
  }
  if (schema.nullable !== true) {
    delete schema.nullable;
    return;
  }
  delete schema.nullable;
  if (typeof schema.type === "string") schema.type = [schema.type, "null"];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
  // A nullable schema with no type (a `$ref` or `allOf` sibling) also admits null.
  if (schema.type === undefined) {
    const rest = { ...schema };
    for (const key of Object.keys(schema)) delete schema[key];
    schema.anyOf = [{ type: "null" }, rest];
  }
}

function dropOtherSideRequired(schema: Record<string, unknown>, direction: Direction): void {
  const properties = schema.properties;
  if (!Array.isArray(schema.required) || !isObject(properties)) return;
  const hidden = direction === "request" ? "readOnly" : "writeOnly";
  schema.required = schema.required.filter((name) => {
    const property = typeof name === "string" ? properties[name] : undefined;
    return !(isObject(property) && property[hidden] === true);
  });
}
