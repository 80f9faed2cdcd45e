import { isObject } from "../openapi/is-object.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaObject } from "../openapi/types.js";
import { propertyDeclarations, withoutAnnotations } from "./example-reading.js";
import type { Schema, State } from "./example-state.js";
import { declaredTypes, NoValue, valueOfOtherType } from "./no-value.js";

// A `oneOf` value of one branch changed below its top level so that another branch refuses it,
// where the branches differ only there (nexmo's reports: records of one kind or another; influx's
// dashboards: cells with or without view properties; motaword's string map or base64 map).

/** A value for a schema at a pointer; throws `NoValue` where it has none. */
export type Generate = (schema: unknown, pointer: string) => unknown;

/** How many levels below the branch a difference is looked for. */
const DEEPEST = 4;

/**
 * `value`, a value of `mine`, with one place below its top level changed so that `theirs`
 * refuses it (a key `theirs` declares given a type it refuses, a string its format refuses),
 * followed through the properties both declare differently, `items` and `additionalProperties`;
 * undefined where no such place is found. The caller checks the result against the whole schema.
 */
export function markedAgainst(
  state: State,
  value: unknown,
  mine: unknown,
  minePointer: string,
  theirs: unknown,
  generate: Generate,
  depth = 0,
): unknown {
  if (depth > DEEPEST || !isObject(mine) || !isObject(theirs)) return undefined;
  const own = dereference(state, mine as SchemaObject, minePointer);
  const ours = own.schema as Schema;
  const other = dereference(state, theirs as SchemaObject, "#").schema as Schema;
  if (sameText(ours, other)) return undefined;
  const deeper = (item: unknown, schema: unknown, pointer: string, against: unknown) =>
    markedAgainst(state, item, schema, pointer, against, generate, depth + 1);
  if (typeof value === "string")
    // The lenient `byte` check admits word characters, `+/=-` and spaces only.
    return other.format === "byte" && ours.format === undefined ? `${value}!` : undefined;
  if (Array.isArray(value)) {
    if (value.length === 0 || ours.items === undefined || other.items === undefined)
      return undefined;
    const item = deeper(value[0], ours.items, appendPointer(own.pointer, "items"), other.items);
    return item === undefined ? undefined : [item, ...value.slice(1)];
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const mineDeclared = propertyDeclarations(state, ours, own.pointer);
  const theirDeclared = propertyDeclarations(state, other, "#");
  const names = [...theirDeclared.keys()].sort();
  for (const name of names) {
    if (mineDeclared.has(name) || Object.hasOwn(record, name)) continue;
    if (ours.additionalProperties === false) continue;
    const refused = valueOfOtherType(typesOf(state, theirDeclared.get(name)![0]!.schema));
    if (refused !== undefined) return { ...record, [name]: refused };
  }
  for (const name of names) {
    const declared = mineDeclared.get(name)?.[0];
    if (declared === undefined) continue;
    const against = theirDeclared.get(name)![0]!.schema;
    let item = record[name];
    if (!Object.hasOwn(record, name)) {
      if (sameText(declared.schema, against)) continue;
      try {
        item = generate(declared.schema, declared.pointer);
      } catch (error) {
        if (error instanceof NoValue) continue;
        throw error;
      }
    }
    const marked = deeper(item, declared.schema, declared.pointer, against);
    if (marked !== undefined) return { ...record, [name]: marked };
  }
  if (isObject(ours.additionalProperties) && isObject(other.additionalProperties))
    for (const [name, item] of Object.entries(record)) {
      if (mineDeclared.has(name) || theirDeclared.has(name)) continue;
      const extra = appendPointer(own.pointer, "additionalProperties");
      const marked = deeper(item, ours.additionalProperties, extra, other.additionalProperties);
      if (marked !== undefined) return { ...record, [name]: marked };
    }
  return undefined;
}

function typesOf(state: State, schema: unknown): string[] {
  return declaredTypes(
    isObject(schema) ? dereference(state, schema as SchemaObject, "#").schema.type : undefined,
  );
}

function sameText(left: unknown, right: unknown): boolean {
  return JSON.stringify(withoutAnnotations(left)) === JSON.stringify(withoutAnnotations(right));
}
