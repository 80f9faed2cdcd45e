import { isObject } from "../openapi/is-object.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaObject } from "../openapi/types.js";
import type { Schema, State } from "./example-state.js";
import { is30Document } from "./json-schema.js";
import { declaredTypes } from "./no-value.js";
import { safePattern } from "./safe-pattern.js";

// What the example generator reads off schemas without generating: types, listed values,
// declarations across `allOf` parts, `required` names, merged keywords.

/**
 * The parts of an `allOf` (`$ref`s followed) and the schema itself whose `additionalProperties`
 * limits the keys they do not declare themselves.
 */
export function closingParts(
  state: State,
  s: Schema,
  at: string,
): { schema: Schema; pointer: string }[] {
  const closing: { schema: Schema; pointer: string }[] = [];
  const add = (schema: Schema, pointer: string) => {
    const extra = schema.additionalProperties;
    if (extra === false || isObject(extra)) closing.push({ schema, pointer });
  };
  (s.allOf ?? []).forEach((part, index) => {
    if (!isObject(part)) return;
    const resolved = dereference(state, part as SchemaObject, appendPointer(at, "allOf", index));
    add(resolved.schema as Schema, resolved.pointer);
  });
  add(s, at);
  return closing;
}

/**
 * Two `type`s among schemas that must all hold (`$ref`s followed) that no value has both of (SendGrid's `integer` part beside a `string` part), or undefined.
 */
export function conflictingTypes(state: State, schemas: unknown[]): [string, string] | undefined {
  const types = schemas
    .map((part) =>
      isObject(part) ? dereference(state, part as SchemaObject, "#").schema.type : undefined,
    )
    .filter((type) => type !== undefined);
  for (let left = 0; left < types.length; left++)
    for (let right = left + 1; right < types.length; right++)
      if (!typesMeet(types[left], types[right]))
        return [typeNames(types[left]), typeNames(types[right])];
  return undefined;
}

/**
 * The `allOf` parts that say something about the value when another part types it as other than an
 * object: a part without a `type` of its own whose keywords apply to objects only (appcenter's
 * `additionalProperties: {properties, required}` beside an `integer` `id`) holds every value of
 * another type, so generating an object from it would break the typed part.
 */
export function partsForValueType(state: State, parts: unknown[]): unknown[] {
  const resolved = parts.map((part) =>
    isObject(part) ? (dereference(state, part as SchemaObject, "#").schema as Schema) : undefined,
  );
  const types = resolved.flatMap((schema) => declaredTypes(schema?.type));
  if (types.length === 0 || types.includes("object")) return parts;
  return parts.filter((_, index) => {
    const schema = resolved[index];
    return schema === undefined || schema.type !== undefined || !constrainsObjectsOnly(schema);
  });
}

const OBJECT_KEYWORDS = new Set([
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "discriminator",
]);
function constrainsObjectsOnly(schema: Schema): boolean {
  const keys = Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith("x-"));
  return keys.length > 0 && keys.every((key) => OBJECT_KEYWORDS.has(key));
}

/** The values a schema (`$ref` followed) allows by `const` or `enum`; undefined when it lists none. */
export function listedValues(state: State, input: unknown): unknown[] | undefined {
  if (!isObject(input)) return undefined;
  const { schema } = dereference(state, input as SchemaObject, "#");
  if (schema.const !== undefined) return [schema.const];
  if (!Array.isArray(schema.enum)) return undefined;
  return schema.nullable === true ? [...schema.enum, null] : schema.enum;
}

export function sameJson(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}

/** `type` in words: "integer", "string or null". */
export function typeNames(type: unknown): string {
  const names = declaredTypes(type);
  return names.length === 0 ? "value" : names.join(" or ");
}

/** What a `oneOf`'s branches that repeat one another say about which branch a value can match. */
export interface Twins {
  /** Two positions holding the same schema. */
  pair: [number, number];
  /** Every position whose schema another position repeats: no value matches it alone. */
  twinned: Set<number>;
  /** A twinned position whose every value a value of `index` matches too, or undefined. */
  covering(index: number): number | undefined;
}

/**
 * The `oneOf` branches that hold the same schema, or undefined: `$ref`s followed, and keywords
 * that only annotate (descriptions, examples, `x-` extensions) left out, so otoroshi's
 * `InQueryParam` and `InCookie`, alike but for their descriptions, count as one schema.
 */
export function twinBranches(state: State, branches: unknown[]): Twins | undefined {
  const read = branches.map((branch) =>
    withoutAnnotations(
      isObject(branch) ? dereference(state, branch as SchemaObject, "#").schema : branch,
    ),
  );
  const texts = read.map((schema) => JSON.stringify(schema));
  const twinned = new Set<number>();
  let pair: [number, number] | undefined;
  texts.forEach((text, index) => {
    const earlier = texts.indexOf(text);
    if (earlier === index) return;
    pair ??= [earlier, index];
    twinned.add(earlier).add(index);
  });
  if (pair === undefined) return undefined;
  const covering = (index: number) => [...twinned].find((twin) => implies(read[index], read[twin]));
  return { pair, twinned, covering };
}

/**
 * Whether every value of `narrow` is a value of `wide`, for the one shape this is read for: `wide`
 * an object schema of only `properties` and `required`, `narrow` an object schema requiring every
 * key `wide` requires and declaring each of `wide`'s properties alike.
 */
function implies(narrow: unknown, wide: unknown): boolean {
  if (!isObject(narrow) || !isObject(wide)) return false;
  if (Object.keys(wide).some((key) => !["type", "properties", "required"].includes(key)))
    return false;
  if (wide.type !== "object" || narrow.type !== "object" || narrow.nullable === true) return false;
  const required = Array.isArray(narrow.required) ? narrow.required : [];
  if (Array.isArray(wide.required) && wide.required.some((name) => !required.includes(name)))
    return false;
  const declared = isObject(narrow.properties) ? narrow.properties : {};
  return Object.entries(isObject(wide.properties) ? wide.properties : {}).every(
    ([name, property]) => Object.hasOwn(declared, name) && sameJson(declared[name], property),
  );
}

/** Keywords no validator reads: a schema with them changed admits the same values. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "example",
  "examples",
  "default",
  "deprecated",
  "externalDocs",
  "$comment",
  "xml",
]);

/** Keywords whose value maps names to schemas (the names themselves are kept). */
const SCHEMA_MAPS = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
]);

/** Keywords whose value is a schema, or a list of schemas. */
const SCHEMA_PLACES = new Set([
  "items",
  "prefixItems",
  "additionalItems",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
]);

/** A schema without its annotating keywords, at every depth; any other value as it is. */
export function withoutAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (!isObject(schema)) return schema;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith("x-")) continue;
    if (SCHEMA_PLACES.has(key)) kept[key] = withoutAnnotations(value);
    else if (SCHEMA_MAPS.has(key) && isObject(value))
      kept[key] = Object.fromEntries(
        Object.entries(value).map(([name, entry]) => [name, withoutAnnotations(entry)]),
      );
    else kept[key] = value;
  }
  return kept;
}

/** The properties a schema declares (`$ref`s followed), its `allOf` parts' included. */
export function declaredProperties(
  state: State,
  input: unknown,
  depth: number,
): Map<string, unknown> {
  const declared = new Map<string, unknown>();
  if (!isObject(input) || depth > 8) return declared;
  const { schema } = dereference(state, input as SchemaObject, "#");
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : [])
    for (const [name, property] of declaredProperties(state, part, depth + 1))
      declared.set(name, property);
  if (isObject(schema.properties))
    for (const [name, property] of Object.entries(schema.properties)) declared.set(name, property);
  return declared;
}

/** Whether a schema (or the schema its `$ref` names) admits `null`. */
export function allowsNull(state: State, input: unknown, pointer: string): boolean {
  const admits = (schema: Schema) =>
    schema.nullable === true ||
    declaredTypes(schema.type).includes("null") ||
    (Array.isArray(schema.enum) && schema.enum.includes(null)) ||
    [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((branch) =>
      isNullSchema(state, branch),
    );
  const raw = input as Schema;
  if (admits(raw)) return true;
  return typeof raw.$ref === "string" && admits(dereference(state, raw, pointer).schema as Schema);
}

/** Whether a schema's `$ref`, or one of its `allOf`/`anyOf`/`oneOf` members', names an open schema. */
export function leadsBack(state: State, input: unknown, pointer: string): boolean {
  const raw = input as Schema;
  const members = [raw, ...(raw.allOf ?? []), ...(raw.anyOf ?? []), ...(raw.oneOf ?? [])];
  return members.some(
    (member) =>
      isObject(member) &&
      typeof member.$ref === "string" &&
      state.open.has(dereference(state, member as SchemaObject, pointer).pointer),
  );
}

/** Whether a schema (`$ref` followed) allows only listed values: `const` or `enum`. */
export function listsValues(state: State, input: unknown): boolean {
  if (!isObject(input)) return false;
  const { schema } = dereference(state, input as SchemaObject, "#");
  return schema.const !== undefined || Array.isArray(schema.enum);
}

/** Whether the schema itself names the key in `properties` or matches it by `patternProperties`. */
export function declaresOwn(s: Schema, name: string): boolean {
  if (isObject(s.properties) && Object.hasOwn(s.properties, name)) return true;
  if (!isObject(s.patternProperties)) return false;
  return Object.keys(s.patternProperties).some((pattern) => {
    try {
      return safePattern(pattern, "u", () => {}).test(name);
    } catch {
      return false;
    }
  });
}

/**
 * One schema with the keywords of every `allOf` part (`$ref`s followed, a part's own `allOf`
 * parts too: peertube's `userId` is an `allOf` of a property that is an `allOf` of the integer
 * `id`) and the schema's own.
 */
export function mergedKeywords(state: State, s: Schema, at: string): Schema {
  const merged: Schema = {};
  const add = (schema: Schema, pointer: string, depth: number) => {
    if (depth > 8) return;
    (schema.allOf ?? []).forEach((part, index) => {
      if (!isObject(part)) return;
      const resolved = dereference(
        state,
        part as SchemaObject,
        appendPointer(pointer, "allOf", index),
      );
      add(resolved.schema as Schema, resolved.pointer, depth + 1);
    });
    const { allOf: _, ...own } = schema;
    mergeInto(merged, own);
  };
  add(s, at, 0);
  return merged;
}

const LOWER_BOUNDS = new Set([
  "minimum",
  "exclusiveMinimum",
  "minLength",
  "minItems",
  "minProperties",
]);

const UPPER_BOUNDS = new Set([
  "maximum",
  "exclusiveMaximum",
  "maxLength",
  "maxItems",
  "maxProperties",
]);

/**
 * Adds a schema's keywords to `merged` so both hold: `items` declared twice must meet both (GitHub
 * Enterprise's SCIM `members`, whose first part requires `value`), bounds take the narrower,
 * `required` adds up; of other keywords the later wins.
 */
function mergeInto(merged: Schema, schema: Schema): void {
  const into = merged as Record<string, unknown>;
  for (const [key, value] of Object.entries(schema)) {
    const earlier = into[key];
    if (earlier === undefined) into[key] = value;
    else if (key === "items" && isObject(earlier) && isObject(value))
      into[key] = { allOf: [earlier, value] };
    else if (key === "required" && Array.isArray(earlier) && Array.isArray(value))
      into[key] = [...new Set([...earlier, ...value])];
    else if (typeof earlier === "number" && typeof value === "number" && LOWER_BOUNDS.has(key))
      into[key] = Math.max(earlier, value);
    else if (typeof earlier === "number" && typeof value === "number" && UPPER_BOUNDS.has(key))
      into[key] = Math.min(earlier, value);
    else into[key] = value;
  }
}

/**
 * Every declaration of each property among an `allOf`'s parts (`$ref`s followed, their own parts
 * first) and the schema itself.
 */
export function propertyDeclarations(
  state: State,
  s: Schema,
  at: string,
): Map<string, { schema: unknown; pointer: string }[]> {
  const declared = new Map<string, { schema: unknown; pointer: string }[]>();
  const add = (schema: SchemaObject, pointer: string) => {
    if (!isObject(schema.properties)) return;
    for (const [name, property] of Object.entries(schema.properties)) {
      const list = declared.get(name) ?? [];
      list.push({ schema: property, pointer: appendPointer(pointer, "properties", name) });
      declared.set(name, list);
    }
  };
  // A part's own parts declare too (rev.ai's `Job`: a typeless declaration beside a nullable
  // integer two `allOf` levels down).
  const walk = (schema: Schema, pointer: string, depth: number) => {
    if (depth > 8) return;
    (schema.allOf ?? []).forEach((part, index) => {
      if (!isObject(part)) return;
      const where = appendPointer(pointer, "allOf", index);
      const resolved = dereference(state, part as SchemaObject, where);
      walk(resolved.schema as Schema, resolved.pointer, depth + 1);
    });
    add(schema, pointer);
  };
  walk(s, at, 0);
  return declared;
}

/**
 * The `required` names of a schema, `$ref` followed, its `allOf` parts' included; in 3.1, also
 * those beside a `$ref` (codat's `{$ref: ModifiedDates, required: [name]}`), which the validator
 * reads as 3.1 does.
 */
export function requiredOf(state: State, input: unknown, depth = 0): string[] {
  if (!isObject(input) || depth > 8) return [];
  const { schema } = dereference(state, input as SchemaObject, "#");
  const beside = schema !== input && !is30Document(state.document) ? namesOf(input.required) : [];
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  return [
    ...beside,
    ...namesOf(schema.required),
    ...parts.flatMap((part) => requiredOf(state, part, depth + 1)),
  ];
}

function namesOf(required: unknown): string[] {
  return Array.isArray(required)
    ? required.filter((name): name is string => typeof name === "string")
    : [];
}

export function hasOwnShape(schema: Schema): boolean {
  return schema.properties !== undefined || schema.type !== undefined;
}

export function branchType(state: State, branch: unknown): SchemaObject["type"] {
  if (!isObject(branch)) return undefined;
  return dereference(state, branch as SchemaObject, "#").schema.type;
}

/** Whether `value` is of `type` (any type when none is declared). */
export function hasType(value: unknown, type: SchemaObject["type"]): boolean {
  if (type === undefined) return true;
  const kind = Array.isArray(value)
    ? "array"
    : value === null
      ? "null"
      : typeof value === "number"
        ? Number.isInteger(value)
          ? "integer"
          : "number"
        : typeof value;
  return typesMeet(type, kind as SchemaObject["type"]);
}

/** Whether a value can have both types; an absent `type` allows every type. */
export function typesMeet(left: SchemaObject["type"], right: SchemaObject["type"]): boolean {
  if (left === undefined || right === undefined) return true;
  const widen = (type: unknown) => (type === "integer" ? ["integer", "number"] : [type]);
  const lefts = new Set((Array.isArray(left) ? left : [left]).flatMap(widen));
  return (Array.isArray(right) ? right : [right]).flatMap(widen).some((type) => lefts.has(type));
}

export function isNullSchema(state: State, input: unknown): boolean {
  if (!isObject(input)) return false;
  const { schema } = dereference(state, input as SchemaObject, "#");
  return (
    schema.type === "null" || (Array.isArray(schema.enum) && schema.enum.every((v) => v === null))
  );
}

export function typeOf(schema: Schema): string {
  if (Array.isArray(schema.type)) {
    return schema.type.find((type) => type !== "null") ?? schema.type[0] ?? "string";
  }
  if (typeof schema.type === "string") return schema.type;
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return "object";
  if (schema.items !== undefined) return "array";
  if (schema.minimum !== undefined || schema.maximum !== undefined) return "number";
  return "string";
}
