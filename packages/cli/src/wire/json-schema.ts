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
  // OpenAPI 3.0 ignores the keywords beside a `$ref`, and so do the generated types and the
  // example generator (microcks' `{$ref: StringArray, type: object}`): the validator too, never
  // stricter than the document, but for `nullable` and the readOnly/writeOnly flags, which both
  // read there.
  if (is30 && typeof copy.$ref === "string")
    for (const key of Object.keys(copy)) if (!REF_COMPANIONS.has(key)) delete copy[key];
  // 3.0's spellings also turn up in 3.1 documents (OpenAI's); read there, they keep their meaning
  // instead of making the schema one Ajv refuses to compile.
  if (is30 || typeof copy.nullable === "boolean" || hasBooleanBound(copy)) spell30As2020(copy);
  dropMalformed(copy);
  dropOtherSideRequired(copy, direction);
  readDiscriminator(copy);
  return copy;
}

/** What a 3.0 schema keeps beside its `$ref`. */
const REF_COMPANIONS = new Set(["$ref", "nullable", "readOnly", "writeOnly"]);

/**
 * OpenAPI's `discriminator` names the one member of a `oneOf` a value is read as, so members may
 * overlap (open objects that each declare the property as a string), and JSON Schema's `oneOf`
 * would refuse every value that matches two. Here the members become an `anyOf` (never stricter),
 * and a value whose property names a member, by `mapping` or by the member's component name,
 * must match that member.
 */
function readDiscriminator(schema: Record<string, unknown>): void {
  const { discriminator, oneOf } = schema;
  if (!isObject(discriminator) || !Array.isArray(oneOf)) return;
  const property = discriminator.propertyName;
  if (typeof property !== "string") return;
  const members = new Set<string>();
  for (const member of oneOf)
    if (isObject(member) && typeof member.$ref === "string") members.add(member.$ref);
  const chosen = new Map<string, string>();
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  for (const [value, target] of Object.entries(mapping)) {
    if (typeof target !== "string") continue;
    const ref = target.startsWith("#") ? target : `${COMPONENT_SCHEMAS}${target}`;
    if (members.has(ref)) chosen.set(value, ref);
  }
  const mapped = new Set(chosen.values());
  for (const ref of members)
    if (ref.startsWith(COMPONENT_SCHEMAS) && !mapped.has(ref) && !chosen.has(componentName(ref)))
      chosen.set(componentName(ref), ref);
  delete schema.oneOf;
  const choices: unknown[] = [{ anyOf: oneOf }];
  for (const [value, ref] of chosen)
    choices.push({
      if: { properties: { [property]: { const: value } }, required: [property] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
      then: { $ref: ref },
    });
  schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), ...choices];
}

const COMPONENT_SCHEMAS = "#/components/schemas/";

function componentName(ref: string): string {
  const name = ref.slice(COMPONENT_SCHEMAS.length);
  try {
    return decodeURIComponent(name).replaceAll("~1", "/").replaceAll("~0", "~");
  } catch {
    return name;
  }
}

const NUMBER_KEYWORDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minContains",
  "maxContains",
];
const STRING_KEYWORDS = ["pattern", "format", "contentMediaType", "contentEncoding"];
const OBJECT_KEYWORDS = ["properties", "patternProperties", "dependentSchemas", "$defs"];
const SCHEMA_KEYWORDS = [...SCHEMA_VALUES];
const JSON_TYPES = new Set(["null", "boolean", "object", "array", "number", "integer", "string"]);

/**
 * Removes keywords whose value Ajv refuses to compile (`minLength: "5"`, `type: "file"`,
 * `required: "id"`, a 3.0 tuple `items: [...]`): the rest of the schema is still checked, and
 * leaving a keyword out never makes a check stricter than the document.
 */
function dropMalformed(schema: Record<string, unknown>): void {
  for (const key of NUMBER_KEYWORDS)
    if (key in schema && typeof schema[key] !== "number") delete schema[key];
  if ("multipleOf" in schema && !(typeof schema.multipleOf === "number" && schema.multipleOf > 0))
    delete schema.multipleOf;
  for (const key of STRING_KEYWORDS)
    if (key in schema && typeof schema[key] !== "string") delete schema[key];
  for (const key of OBJECT_KEYWORDS)
    if (key in schema && !isObject(schema[key])) delete schema[key];
  for (const key of SCHEMA_KEYWORDS)
    if (key in schema && !isObject(schema[key]) && typeof schema[key] !== "boolean")
      delete schema[key];
  for (const key of SCHEMA_LISTS)
    if (key in schema && !(Array.isArray(schema[key]) && (schema[key] as unknown[]).length > 0))
      delete schema[key];
  if ("required" in schema) {
    const required = Array.isArray(schema.required)
      ? schema.required.filter((name) => typeof name === "string")
      : [];
    schema.required = required;
  }
  if ("enum" in schema && !Array.isArray(schema.enum)) delete schema.enum;
  if ("uniqueItems" in schema && typeof schema.uniqueItems !== "boolean") delete schema.uniqueItems;
  if ("dependentRequired" in schema) {
    const valid =
      isObject(schema.dependentRequired) &&
      Object.values(schema.dependentRequired).every(
        (names) => Array.isArray(names) && names.every((name) => typeof name === "string"),
      );
    if (!valid) delete schema.dependentRequired;
  }
  if ("type" in schema) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
      (type): type is string => typeof type === "string" && JSON_TYPES.has(type),
    );
    if (types.length === 0) delete schema.type;
    else schema.type = Array.isArray(schema.type) ? types : types[0];
  }
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
