import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaObject } from "../openapi/types.js";
import { isRequiredOnly } from "./schema/constraint-only.js";
import type { SchemaAt, SchemaInput } from "./schema-input.js";
import { hasConditional, isObjectSchema } from "./schema-kind.js";

/** The members of an object type: what an interface is printed from. */
export interface ObjectShape {
  /** In document order; printers sort. */
  properties: Map<string, SchemaAt>;
  /**
   * Earlier declarations of a key that a later `allOf` branch declares again, in order: every
   * declaration applies (`kind: {enum: [a, b]}` beside `kind: {type: string}` is `"a" | "b"`).
   */
  earlier: Map<string, SchemaAt[]>;
  required: Set<string>;
  /** `true` for `additionalProperties: true`; a schema for typed extra keys. */
  additionalProperties?: true | SchemaAt;
  /** `additionalProperties: false`: no key beside the declared ones. */
  closed: boolean;
  /** `patternProperties`: the schema of keys that match each pattern. */
  patternProperties: Map<string, SchemaAt>;
  /** `propertyNames`: the schema every key must match. */
  propertyNames?: SchemaAt;
  /** Where each `if` stands whose `then`/`else` TypeScript does not check (see `addConditionalMembers`). */
  conditionals: string[];
}

function emptyShape(): ObjectShape {
  return {
    properties: new Map(),
    earlier: new Map(),
    required: new Set(),
    patternProperties: new Map(),
    conditionals: [],
    closed: false,
  };
}

/**
 * Adds one schema's own members, not its `allOf`; a later property comes last in document order,
 * and the declaration it follows is kept in `earlier`.
 */
function addOwnMembers(shape: ObjectShape, schema: SchemaObject, pointer: string): void {
  if (isObject(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      const before = shape.properties.get(key);
      if (before !== undefined) shape.earlier.set(key, [...(shape.earlier.get(key) ?? []), before]);
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
  if (schema.additionalProperties === false) shape.closed = true;
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
 * make: they join as optional properties, unless the schema declares the key itself. Where the
 * branch does not apply the key is only held to what the other case allows (the other branch's
 * property, else the `additionalProperties` there), so its type is the union of both cases:
 * never narrower than the document. `conditionals` records each `if` that TypeScript does not
 * check, for its one warning (also when `then` and `else` only list `required` keys, which stay
 * optional).
 */
function addConditionalMembers(shape: ObjectShape, schema: SchemaObject, pointer: string): void {
  if (!hasConditional(schema)) return;
  shape.conditionals.push(appendPointer(pointer, "if"));
  const declared = new Map(
    (["then", "else"] as const).map((keyword) => [keyword, branchProperties(schema[keyword])]),
  );
  const added = new Set<string>();
  for (const [keyword, other] of [
    ["then", "else"],
    ["else", "then"],
  ] as const) {
    for (const [key, property] of declared.get(keyword)!) {
      if (
        added.has(key) ||
        (isObject(schema.properties) && Object.hasOwn(schema.properties, key))
      ) {
        continue;
      }
      added.add(key);
      const elsewhere = declared.get(other)!.get(key) ?? otherwise(shape, schema, other);
      shape.properties.set(key, {
        schema: elsewhere === false ? property : { anyOf: [property, elsewhere as SchemaInput] },
        pointer: appendPointer(pointer, keyword, "properties", key),
      });
    }
  }
}

/** The inline properties a `then` or `else` branch declares. */
function branchProperties(branch: unknown): Map<string, SchemaInput> {
  if (!isObject(branch) || !isObject(branch.properties)) return new Map();
  return new Map(Object.entries(branch.properties as Record<string, SchemaInput>));
}

/**
 * What a key the branch `keyword` does not declare may hold where that branch applies: its
 * `additionalProperties`, else the schema's own, else the one merged so far (an `allOf` branch's);
 * `false` where no such key is allowed.
 */
function otherwise(
  shape: ObjectShape,
  schema: SchemaObject,
  keyword: "then" | "else",
): SchemaInput | boolean {
  const branch: unknown = schema[keyword];
  if (branch === false) return false;
  const extra =
    isObject(branch) && branch.additionalProperties !== undefined
      ? branch.additionalProperties
      : schema.additionalProperties;
  if (extra !== undefined) return isObject(extra) ? (extra as SchemaInput) : extra !== false;
  const merged = shape.additionalProperties;
  return merged === undefined || merged === true ? true : merged.schema;
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
 * Merges object schemas (following `$ref`s and nested `allOf`) into one shape: a key declared by
 * several schemas keeps every declaration (`earlier`), `required` is the union, also of branches that
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
