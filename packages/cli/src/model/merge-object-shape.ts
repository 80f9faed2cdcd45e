import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import type { SchemaObject } from "../openapi/types.js";
import { dereference } from "./dereference.js";
import { isRequiredOnly } from "./schema/constraint-only.js";
import type { SchemaAt, SchemaInput } from "./schema-input.js";
import { isObjectSchema } from "./schema-kind.js";

/** The members of an object type: what an interface is printed from. */
export interface ObjectShape {
  /** In document order; printers sort. */
  properties: Map<string, SchemaAt>;
  required: Set<string>;
  /** `true` for `additionalProperties: true`; a schema for typed extra keys. */
  additionalProperties?: true | SchemaAt;
  /** `patternProperties`: the schema of keys that match each pattern. */
  patternProperties: Map<string, SchemaAt>;
  /** `propertyNames`: the schema every key must match. */
  propertyNames?: SchemaAt;
  /** Where an `if` whose `then`/`else` properties joined the shape as optional ones stands. */
  conditional?: string;
}

function emptyShape(): ObjectShape {
  return { properties: new Map(), required: new Set(), patternProperties: new Map() };
}

/** Adds one schema's own members, not its `allOf`; a later property replaces an earlier one. */
function addOwnMembers(shape: ObjectShape, schema: SchemaObject, pointer: string): void {
  if (isObject(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      shape.properties.delete(key);
      shape.properties.set(key, {
        schema: property,
        pointer: appendPointer(pointer, "properties", key),
      });
    }
  }
  if (Array.isArray(schema.required)) {
    for (const key of schema.required) if (typeof key === "string") shape.required.add(key);
  }
  if (isObject(schema.patternProperties)) {
    for (const [pattern, property] of Object.entries(schema.patternProperties)) {
      shape.patternProperties.set(pattern, {
        schema: property as SchemaInput,
        pointer: appendPointer(pointer, "patternProperties", pattern),
      });
    }
  }
  if (isObject(schema.propertyNames)) {
    shape.propertyNames = {
      schema: schema.propertyNames as SchemaInput,
      pointer: appendPointer(pointer, "propertyNames"),
    };
  }
  addConditionalMembers(shape, schema, pointer);
  if (schema.additionalProperties === true) shape.additionalProperties = true;
  else if (isObject(schema.additionalProperties)) {
    shape.additionalProperties = {
      schema: schema.additionalProperties,
      pointer: appendPointer(pointer, "additionalProperties"),
    };
  }
}

/**
 * The properties of `then` and `else`, which apply depending on a value test TypeScript cannot
 * make: they join as optional properties (the union where both declare one), unless the schema
 * declares the key itself; `conditional` records the place for the one warning.
 */
function addConditionalMembers(shape: ObjectShape, schema: SchemaObject, pointer: string): void {
  if (!isObject(schema.then) && !isObject(schema.else)) return;
  const declared = new Map<string, SchemaAt[]>();
  for (const keyword of ["then", "else"] as const) {
    const branch = schema[keyword];
    if (!isObject(branch) || !isObject(branch.properties)) continue;
    for (const [key, property] of Object.entries(branch.properties)) {
      if (isObject(schema.properties) && Object.hasOwn(schema.properties, key)) continue;
      const at = appendPointer(pointer, keyword, "properties", key);
      declared.set(key, [
        ...(declared.get(key) ?? []),
        { schema: property as SchemaInput, pointer: at },
      ]);
    }
  }
  if (declared.size === 0) return;
  shape.conditional = appendPointer(pointer, "if");
  for (const [key, sources] of declared) {
    shape.properties.set(
      key,
      sources.length === 1
        ? sources[0]!
        : {
            schema: { anyOf: sources.map((source) => source.schema) },
            pointer: sources[0]!.pointer,
          },
    );
  }
}

/** The shape of one object schema on its own, without `allOf`. */
export function ownShape(schema: SchemaObject, pointer: string): ObjectShape {
  const shape = emptyShape();
  addOwnMembers(shape, schema, pointer);
  return shape;
}

/** A step of the merge: enter a schema (dereference, then its `allOf`), or add its own members. */
type MergeStep =
  | { enter: SchemaInput; at: string }
  | { schema: SchemaObject; pointer: string; enter?: undefined };

/**
 * Merges object schemas (following `$ref`s and nested `allOf`) into one shape: properties of later
 * schemas replace earlier ones with the same key, `required` is the union, also of branches that
 * carry only `required`. Returns undefined when
 * a branch is not an object, so the caller prints an intersection instead. An explicit stack
 * instead of recursion, so an `allOf` chain thousands deep cannot overflow the call stack.
 */
export function mergeObjectShape(
  loaded: LoadedDocument,
  schemas: readonly SchemaAt[],
): ObjectShape | undefined {
  const shape = emptyShape();
  const visiting = new Set<string>();
  // Popped from the end: each schema's branches in order, then its own members.
  const steps: MergeStep[] = schemas
    .map(({ schema, pointer }): MergeStep => ({ enter: schema, at: pointer }))
    .reverse();
  for (let step = steps.pop(); step !== undefined; step = steps.pop()) {
    if (step.enter === undefined) {
      addOwnMembers(shape, step.schema, step.pointer);
      continue;
    }
    const { schema, pointer } = dereference(loaded, step.enter, step.at);
    // `{required: [id]}` beside object branches makes their property required.
    if (isRequiredOnly(schema)) {
      addOwnMembers(shape, schema, pointer);
      continue;
    }
    if (!isObjectSchema(schema)) return undefined;
    // A schema that includes itself through allOf adds nothing new the second time.
    if (visiting.has(pointer)) continue;
    visiting.add(pointer);
    steps.push({ schema, pointer });
    if (Array.isArray(schema.allOf)) {
      for (let index = schema.allOf.length - 1; index >= 0; index--) {
        steps.push({ enter: schema.allOf[index], at: appendPointer(pointer, "allOf", index) });
      }
    }
  }
  return shape;
}
