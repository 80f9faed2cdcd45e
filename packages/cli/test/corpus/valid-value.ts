import { appendPointer } from "../../src/openapi/pointer.js";
import { dereferenceSchema } from "../../src/openapi/refs.js";
import type { OpenAPIDocument, ReferenceObject, SchemaObject } from "../../src/openapi/types.js";

/** The JSON Schema keywords a valid value must also respect, which the generator never reads. */
interface Constrained extends SchemaObject {
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
}

const FORMATTED: Record<string, string> = {
  "date-time": "2024-05-06T07:08:09Z",
  date: "2024-05-06",
  time: "07:08:09",
  uuid: "0b6a8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
  email: "kit@example.com",
  uri: "https://example.com/kit",
  url: "https://example.com/kit",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  byte: "a2l0",
};

/** Deep enough for real documents; recursive schemas stop at their optional properties. */
const MAX_DEPTH = 12;

/**
 * A value that satisfies `schema`, built from the schema alone: the first enum literal or const,
 * else the documented default, else the smallest value of the type within the bounds. Examples are
 * used only where a pattern leaves nothing else to go on.
 */
export function validValue(
  document: OpenAPIDocument,
  input: SchemaObject | ReferenceObject,
  pointer: string,
  depth = 0,
): unknown {
  const { schema, pointer: at } = dereferenceSchema(document, input, pointer);
  const s = schema as Constrained;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum.find((v) => v !== null) ?? null;
  if (s.default !== undefined) return s.default;
  if (s.pattern !== undefined && s.example !== undefined) return s.example;
  const branch = s.oneOf?.[0] ?? s.anyOf?.[0];
  if (branch !== undefined)
    return validValue(
      document,
      branch,
      appendPointer(at, s.oneOf ? "oneOf" : "anyOf", 0),
      depth + 1,
    );
  if (s.allOf !== undefined) {
    const parts = s.allOf.map((part, i) =>
      validValue(document, part, appendPointer(at, "allOf", i), depth + 1),
    );
    return parts.every(isRecord) ? Object.assign({}, ...parts) : parts[0];
  }
  switch (typeOf(s)) {
    case "string":
      return stringValue(s);
    case "integer":
    case "number":
      return numberValue(s);
    case "boolean":
      return true;
    case "array": {
      const item =
        s.items === undefined
          ? "kit"
          : validValue(document, s.items, appendPointer(at, "items"), depth + 1);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
    }
    default:
      return objectValue(document, s, at, depth);
  }
}

function typeOf(schema: SchemaObject): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== "null");
  if (schema.type !== undefined) return schema.type;
  return schema.properties !== undefined ? "object" : "string";
}

function stringValue(schema: Constrained): string {
  const text = (schema.format && FORMATTED[schema.format]) || "kit";
  const long = text.padEnd(schema.minLength ?? 0, "k");
  return schema.maxLength === undefined ? long : long.slice(0, Math.max(schema.maxLength, 1));
}

function numberValue(schema: SchemaObject): number {
  const low =
    typeof schema.exclusiveMinimum === "number"
      ? schema.exclusiveMinimum + 1
      : (schema.minimum ?? 1) + (schema.exclusiveMinimum === true ? 1 : 0);
  const high =
    typeof schema.exclusiveMaximum === "number"
      ? schema.exclusiveMaximum - 1
      : (schema.maximum ?? Number.POSITIVE_INFINITY) - (schema.exclusiveMaximum === true ? 1 : 0);
  return Math.min(Math.ceil(low), Math.floor(high));
}

/** The required properties a request carries (not the read-only ones): the smallest valid object. */
function objectValue(
  document: OpenAPIDocument,
  schema: SchemaObject,
  at: string,
  depth: number,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  if (depth >= MAX_DEPTH) return value;
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name];
    if (property === undefined) {
      value[name] = "kit";
      continue;
    }
    const where = appendPointer(at, "properties", name);
    if (dereferenceSchema(document, property, where).schema.readOnly) continue;
    value[name] = validValue(document, property, where, depth + 1);
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
