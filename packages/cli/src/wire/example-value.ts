import { isObject } from "../openapi/is-object.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference, documentValue } from "../openapi/refs.js";
import type { OpenAPIDocument, SchemaObject } from "../openapi/types.js";
import { markedAgainst } from "./example-marking.js";
import {
  allowsNull,
  branchType,
  closingParts,
  conflictingTypes,
  declaredProperties,
  declaresOwn,
  hasOwnShape,
  hasType,
  isNullSchema,
  leadsBack,
  listedValues,
  listsValues,
  mergedKeywords,
  partsForValueType,
  propertyDeclarations,
  requiredOf,
  sameJson,
  twinBranches,
  typeNames,
  typeOf,
  typesMeet,
} from "./example-reading.js";
import { numberValue, stringValue } from "./example-scalar.js";
import type { Schema, State, ValueCheck } from "./example-state.js";
import { emptyRecord } from "./form-fields.js";
import type { Direction } from "./json-schema.js";
import { declaredTypes, NoValue, valueOfOtherType } from "./no-value.js";

export interface ExampleOptions {
  /** Which side of the wire: requests leave out `readOnly` properties, responses `writeOnly` ones. */
  direction: Direction;
  /** Varies the synthesized values; the same seed always gives the same value. Default 0. */
  seed?: number;
  /** Take the document's `example`/`examples`/`default` where given (default true). */
  useExamples?: boolean;
  /**
   * The validator: the problems of a value against the document's schema at a pointer (empty
   * when valid). With it, a `oneOf` value is one that matches exactly one branch, where one is
   * found.
   */
  check?: ValueCheck;
  /**
   * Told where and why the schema admits no value the generator finds: `proven` when the document
   * contradicts itself there (no value exists), else none was found. The value returned is then
   * the generator's best, which breaks the schema.
   */
  onNoValue?: (problem: { pointer: string; reason: string; proven: boolean }) => void;
}

/** Optional properties are filled to this depth, so a value shows what the schema offers. */
const OPTIONAL_DEPTH = 2;
/** Objects get at least their first property to this depth (deeper, an empty object ends recursion). */
const FIRST_PROPERTY_DEPTH = 6;
/** Beyond this depth only required properties are written; recursive schemas end there. */
const MAX_DEPTH = 12;
/**
 * Deeper than this, the value is `null`: a schema that requires itself (`child` required and a
 * `$ref` back, as orval's and hey-api's test documents have) has no finite value, and writing
 * one overflowed the stack.
 */
const LAST_DEPTH = 48;
/** Most items of a generated array and entries of a generated map, `minItems` or not. */
export const MAX_ITEMS = 100;
/**
 * Characters and items of one generated value: past it, arrays get no more items and objects
 * no more optional properties than their schema demands, so one answer stays near 1 MB.
 */
export const MAX_TOTAL = 1_000_000;
/**
 * A value for `schema`, the same for the same document, schema and seed. The document's own
 * values come first (`const`, `enum`, then with `useExamples` the schema's `example`, `examples`
 * and `default`); the rest is synthesized from the schema: formats, bounds, `multipleOf`,
 * `pattern` (through randexp), `allOf` merged, the first `oneOf`/`anyOf` branch merged with the
 * keywords beside it, and objects with
 * their required properties plus optional ones near the top. Recursion ends at a fixed depth.
 * The caller checks the value with the request validator and may retry without examples, which
 * documents often get wrong.
 */
export function exampleValue(
  document: OpenAPIDocument,
  schema: unknown,
  pointer: string,
  options: ExampleOptions,
): unknown {
  const state: State = {
    document,
    direction: options.direction,
    seed: options.seed ?? 0,
    useExamples: options.useExamples ?? true,
    size: { used: 0 },
    strict: true,
    check: options.check,
    open: new Map(),
    anchors: new Map(),
  };
  try {
    return exampleOf(state, schema, pointer, 0);
  } catch (error) {
    if (!(error instanceof NoValue)) throw error;
    options.onNoValue?.(error);
    // The best the generator can give: each place takes its first candidate, checked or not.
    const lenient = {
      ...state,
      strict: false,
      size: { used: 0 },
      open: new Map(),
      anchors: new Map(),
    };
    return exampleOf(lenient, schema, pointer, 0);
  }
}

/**
 * `alsoRequired`: names the sibling parts of an `allOf` require, so a part that declares such a
 * property writes it even below the depth where optional properties are left out.
 */
function exampleOf(
  state: State,
  input: unknown,
  pointer: string,
  depth: number,
  alsoRequired: ReadonlySet<string> = NONE,
): unknown {
  if (input === false) return undefined;
  if (!isObject(input)) return "kit";
  if (depth > LAST_DEPTH) {
    if (state.strict) throw new NoValue(pointer, "it requires itself without end", true);
    return null;
  }
  // A schema that may be null and leads back into one being generated ends the chain with null
  // (a comment's required `parent: Comment | null`), where going on would repeat it to the cap.
  if (depth > 0 && allowsNull(state, input, pointer) && leadsBack(state, input, pointer))
    return null;
  const dynamic = (input as Schema).$dynamicRef;
  if (typeof dynamic === "string" && dynamic.startsWith("#")) {
    const anchor = state.anchors.get(dynamic.slice(1));
    if (anchor !== undefined)
      return exampleOf(state, anchor.schema, anchor.pointer, depth + 1, alsoRequired);
  }
  const { schema, pointer: at } = dereference(state, input as SchemaObject, pointer);
  const s = schema as Schema;
  const anchored = enterAnchor(state, s, at);
  state.open.set(at, (state.open.get(at) ?? 0) + 1);
  try {
    return schemaValue(state, s, at, depth, alsoRequired);
  } catch (error) {
    // A schema that admits `null` has that value where it has no other (Graph's nullable time
    // whose pattern leaves out the zone its format requires).
    if (error instanceof NoValue && nullFits(state, input, pointer, s)) return null;
    throw error;
  } finally {
    const count = state.open.get(at)! - 1;
    if (count === 0) state.open.delete(at);
    else state.open.set(at, count);
    if (anchored !== undefined) state.anchors.delete(anchored);
  }
}

/**
 * Puts a schema's `$dynamicAnchor` in scope unless an outer schema being generated named it
 * already: a `$dynamicRef` takes the outermost, as the validator (Ajv) resolves it. The name
 * added, if any.
 */
function enterAnchor(state: State, s: Schema, at: string): string | undefined {
  const name = s.$dynamicAnchor;
  if (typeof name !== "string" || state.anchors.has(name)) return undefined;
  state.anchors.set(name, { schema: s, pointer: at });
  return name;
}

function schemaValue(
  state: State,
  s: Schema,
  at: string,
  depth: number,
  alsoRequired: ReadonlySet<string>,
): unknown {
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    // A value of the declared type first (Enode lists an object in a string enum).
    const present = s.enum.filter((value) => value !== null);
    const typed = present.find((value) => hasType(value, s.type));
    if (typed !== undefined) return typed;
    if (present.length < s.enum.length || s.nullable === true) return null;
    if (state.strict && s.type !== undefined)
      throw new NoValue(at, `its enum lists no ${typeNames(s.type)}`, true);
    return present[0] ?? null;
  }
  if (state.useExamples) {
    if (s.example !== undefined) return s.example;
    if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
    if (s.default !== undefined) return s.default;
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0)
    return allOfValue(state, s, s.allOf, at, depth, alsoRequired);
  const branches = s.oneOf ?? s.anyOf;
  if (Array.isArray(branches) && branches.length > 0)
    return branchValue(state, s, branches, s.oneOf ? "oneOf" : "anyOf", at, depth);
  return synthesize(state, s, at, depth, alsoRequired);
}

function allOfValue(
  state: State,
  s: Schema,
  allOf: unknown[],
  at: string,
  depth: number,
  alsoRequired: ReadonlySet<string>,
): unknown {
  if (state.strict) {
    const conflict = conflictingTypes(state, [...allOf, s]);
    if (conflict !== undefined)
      throw new NoValue(
        at,
        `its allOf parts declare the types ${conflict[0]} and ${conflict[1]}, which no value has both`,
        true,
      );
  }
  const required = new Set([...alsoRequired, ...requiredOf(state, s)]);
  for (const part of allOf) for (const name of requiredOf(state, part)) required.add(name);
  const holding = partsForValueType(state, allOf);
  const parts = allOf.flatMap((part, index) =>
    holding.includes(part)
      ? [exampleOf(state, part, appendPointer(at, "allOf", index), depth + 1, required)]
      : [],
  );
  const own = hasOwnShape(s) ? synthesize(state, s, at, depth, required) : undefined;
  const all = own === undefined ? parts : [...parts, own];
  // Parts that only constrain (`{anyOf: [{required: [a]}, …]}`) give no object of their own;
  // where any part gives one, the objects are the value.
  const records = all.filter(isRecord);
  if (records.length === 0) {
    // A value every part that lists values (`enum`, `const`) lists meets the others' too: an
    // `allOf` narrowing an enum answers with the narrower value.
    const listed = commonListedValue(state, s, allOf, at);
    if (listed !== undefined) return listed.value;
    // Otherwise one value for every part's keywords at once (pandascore's `{nullable: true}`
    // beside a `$ref` to `{type: string, format: uri}`).
    return exampleOf(state, mergedKeywords(state, s, at), at, depth + 1, alsoRequired);
  }
  const merged = mergeParts(records);
  // Each key must meet every declaration of it (Linode's `type: {enum}` beside `type: {example:
  // "automatic"}`) and the `additionalProperties` of every part, or of the schema, that does not
  // declare it (Azure's parts closed with `false`, graphrbac's `{type: object}` beside another
  // part's booleans, ShipEngine's `false` beside `allOf`): where more than one schema speaks, the
  // value is generated from all of them at once, and a key one of them forbids is left out.
  const declarations = propertyDeclarations(state, s, at);
  const closures = closingParts(state, s, at);
  for (const name of Object.keys(merged)) {
    const extras = closures
      .filter((closure) => !declaresOwn(closure.schema, name))
      .map(({ schema, pointer }) => ({
        schema: schema.additionalProperties,
        pointer: appendPointer(pointer, "additionalProperties"),
      }));
    const forbidding = extras.find(({ schema }) => schema === false);
    if (forbidding !== undefined) {
      if (state.strict && required.has(name))
        throw new NoValue(
          at,
          `it requires "${name}", which the additionalProperties: false at ${forbidding.pointer} forbids`,
          true,
        );
      delete merged[name];
      continue;
    }
    const all = [...(declarations.get(name) ?? []), ...extras];
    if (all.length < 2) continue;
    const conflict = state.strict
      ? conflictingTypes(
          state,
          all.map(({ schema }) => schema),
        )
      : undefined;
    if (conflict !== undefined && required.has(name))
      throw new NoValue(
        at,
        `its parts declare "${name}" as ${conflict[0]} and as ${conflict[1]}, which no value is both`,
        true,
      );
    const whole = { allOf: all.map(({ schema }) => schema) };
    const item = required.has(name)
      ? exampleOf(state, whole, all[0]!.pointer, depth + 1)
      : optionalValue(state, whole, all[0]!.pointer, depth + 1);
    if (item !== undefined) merged[name] = item;
    else delete merged[name];
  }
  return merged;
}

/**
 * A value every part of an `allOf` that lists values (`enum`, `const`) lists, of every part's
 * type; undefined when no part lists any.
 */
function commonListedValue(
  state: State,
  s: Schema,
  allOf: unknown[],
  at: string,
): { value: unknown } | undefined {
  const lists = allOf
    .map((part) => listedValues(state, part))
    .filter((list): list is unknown[] => list !== undefined);
  if (lists.length === 0) return undefined;
  const types = [s.type, ...allOf.map((part) => branchType(state, part))];
  const common = lists[0]!.filter((value) =>
    lists.every((list) => list.some((other) => sameJson(other, value))),
  );
  const found = common.find((value) => types.every((type) => hasType(value, type)));
  if (found !== undefined) return { value: found };
  if (state.strict)
    throw new NoValue(at, "its allOf parts list no value in common of every part's type", true);
  return { value: lists[0]![0] };
}

/**
 * A `oneOf`/`anyOf` value: the first branch whose type the schema's own `type` allows that gives
 * a value (the branches' own contradictions pass to the next). With the validator, a `oneOf`
 * value must match exactly one branch: the branch's value, else that value without the keys
 * only other branches require, else with a key another branch declares given a type it refuses.
 */
function branchValue(
  state: State,
  s: Schema,
  branches: unknown[],
  key: "oneOf" | "anyOf",
  at: string,
  depth: number,
): unknown {
  // A branch whose `type` the schema's own `type` rules out can give no valid value (GitHub
  // Enterprise's `{type: array, oneOf: [{type: object}, {type: array}]}`).
  const usable = (branch: unknown) => !isNullSchema(state, branch);
  const order = [...branches.keys()].filter(
    (index) => usable(branches[index]) && typesMeet(s.type, branchType(state, branches[index])),
  );
  if (order.length === 0) {
    if (state.strict && s.type !== undefined && branches.some(usable))
      throw new NoValue(
        at,
        `its type ${typeNames(s.type)} allows none of its ${key} branches`,
        true,
      );
    order.push(Math.max(branches.findIndex(usable), 0));
  }
  // A value matching one of two alike branches matches both: those, and branches whose every
  // value matches such a pair too, can never be the one branch matched.
  const twins = state.strict && key === "oneOf" ? twinBranches(state, branches) : undefined;
  if (twins !== undefined) {
    const [first, second] = twins.pair;
    const rest = order.filter((index) => !twins.twinned.has(index));
    const open = rest.filter((index) => twins.covering(index) === undefined);
    if (open.length === 0) {
      const also =
        rest.length === 0
          ? ""
          : `, and every value of its branch ${rest.join(" and ")} matches a repeated branch too`;
      throw new NoValue(
        at,
        `its oneOf lists the same schema at ${first} and ${second}${also}, so no value matches exactly one`,
        true,
      );
    }
    order.splice(0, order.length, ...open);
  }
  const check = state.strict && key === "oneOf" ? state.check : undefined;
  // The validator reads the document: only a schema that stands there as it is read here.
  const checked = check !== undefined && documentValue(state.document, at) === s;
  if (checked && branches.length > 1 && branches.every((branch) => onlyEmpty(state, branch))) {
    // Each branch admits `{}` at most (ShipEngine's closed carrier settings beside `allOf`):
    // a value exists only where exactly one admits it.
    const admitting = branches.filter(
      (_, index) => check({}, appendPointer(at, key, index)).length === 0,
    );
    if (admitting.length !== 1)
      throw new NoValue(
        at,
        `each of its oneOf branches admits no key (additionalProperties: false and no properties of its own), and ${admitting.length === 0 ? "none" : admitting.length} admit the empty object, so no value matches exactly one`,
        true,
      );
  }
  let failure: NoValue | undefined;
  let problem: string | undefined;
  for (const index of order) {
    const where = appendPointer(at, key, index);
    let value: unknown;
    try {
      const branchSchema = withBranch(state, s, branches[index], where);
      value = withDiscriminator(
        state,
        s,
        branches[index],
        exampleOf(state, branchSchema, where, depth + 1),
      );
    } catch (error) {
      if (!(error instanceof NoValue)) throw error;
      failure ??= error;
      continue;
    }
    if (!checked) return value;
    for (const candidate of distinguished(state, s, branches, index, value)) {
      const problems = check(candidate, at);
      if (problems.length === 0) return candidate;
      problem ??= problems[0];
    }
    // Last, as it walks the branches' declarations: the value changed below its top level.
    const deep = markedBelow(state, branches, index, value, where, depth);
    if (deep !== undefined && check(deep, at).length === 0) return deep;
  }
  if (problem !== undefined)
    throw new NoValue(
      at,
      `no value found that matches exactly one ${key} branch (${problem})`,
      false,
    );
  throw failure ?? new NoValue(at, `none of its ${key} branches gives a value`, false);
}

/**
 * Candidates for a `oneOf` value of branch `index` that match no other branch, in order: the
 * value itself; without the keys only other branches require (a `required`-only branch each);
 * then, for each other branch, a key it declares and this one does not, given a type it refuses.
 */
function distinguished(
  state: State,
  s: Schema,
  branches: unknown[],
  index: number,
  value: unknown,
): unknown[] {
  if (!isRecord(value)) return [value];
  const own = new Set([...requiredOf(state, s), ...requiredOf(state, branches[index])]);
  const others = branches
    .flatMap((branch, other) => (other === index ? [] : requiredOf(state, branch)))
    .filter((name) => !own.has(name) && Object.hasOwn(value, name));
  const lean = emptyRecord();
  for (const [name, item] of Object.entries(value)) if (!others.includes(name)) lean[name] = item;
  const declared = declaredProperties(state, branches[index], 0);
  if (isObject(s.properties)) for (const name of Object.keys(s.properties)) declared.set(name, {});
  const marked = { ...lean };
  for (const [other, branch] of branches.entries()) {
    if (other === index) continue;
    // By name, so the key is the same however the document's keys are ordered.
    const properties = [...declaredProperties(state, branch, 0)].sort(([left], [right]) =>
      left < right ? -1 : left > right ? 1 : 0,
    );
    for (const [name, property] of properties) {
      if (declared.has(name) || Object.hasOwn(marked, name)) continue;
      const refused = valueOfOtherType(
        declaredTypes(
          isObject(property)
            ? dereference(state, property as SchemaObject, "#").schema.type
            : undefined,
        ),
      );
      if (refused === undefined) continue;
      marked[name] = refused;
      break;
    }
  }
  const candidates: unknown[] = [value];
  if (others.length > 0) candidates.push(plainObject(lean, []));
  if (Object.keys(marked).length > Object.keys(lean).length)
    candidates.push(plainObject(marked, []));
  return candidates;
}

/** Whether a schema admits no object but `{}`: an object closed by `additionalProperties: false` with no properties of its own. */
function onlyEmpty(state: State, branch: unknown): boolean {
  if (!isObject(branch)) return false;
  const { schema } = dereference(state, branch as SchemaObject, "#");
  const types = declaredTypes(schema.type);
  return (
    schema.additionalProperties === false &&
    types.length === 1 &&
    types[0] === "object" &&
    schema.nullable !== true &&
    (!isObject(schema.properties) || Object.keys(schema.properties).length === 0) &&
    (!isObject(schema.patternProperties) || Object.keys(schema.patternProperties).length === 0)
  );
}

/**
 * The value of branch `index` changed below its top level so that each other branch refuses it
 * (`markedAgainst`), or undefined where no change is found for any.
 */
function markedBelow(
  state: State,
  branches: unknown[],
  index: number,
  value: unknown,
  where: string,
  depth: number,
): unknown {
  const generate = (schema: unknown, pointer: string) =>
    exampleOf(state, schema, pointer, depth + 2);
  let marked: unknown;
  for (const [other, branch] of branches.entries()) {
    if (other === index) continue;
    const changed = markedAgainst(state, marked ?? value, branches[index], where, branch, generate);
    if (changed !== undefined) marked = changed;
  }
  return marked;
}

/**
 * Whether `null` is valid for a schema that admits it: the validator says, where it reads the
 * schema as it stands in the document; else only a schema that combines nothing (`type: [string,
 * null]`, 3.0's `nullable`), as `type: "null"` beside `oneOf` branches that are not admits none.
 */
function nullFits(state: State, input: unknown, pointer: string, s: Schema): boolean {
  if (!allowsNull(state, input, pointer)) return false;
  if (state.check !== undefined && documentValue(state.document, pointer) === input)
    return state.check(null, pointer).length === 0;
  const combines = (schema: Schema) =>
    schema.oneOf !== undefined || schema.anyOf !== undefined || schema.not !== undefined;
  return !combines(input as Schema) && !combines(s);
}

/** A property's value, or undefined where its schema admits none (an optional one is left out). */
function optionalValue(state: State, schema: unknown, pointer: string, depth: number): unknown {
  try {
    return exampleOf(state, schema, pointer, depth);
  } catch (error) {
    if (error instanceof NoValue) return undefined;
    throw error;
  }
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The value of a `oneOf`/`anyOf` branch with the discriminator's property naming that branch, as
 * a client switching on it expects (ix-api's `type: "allow"`, not a generated string): the
 * `mapping` key that names the branch's `$ref`, else the schema's component name. A value the
 * branch itself lists (`const`, `enum`) is kept.
 */
function withDiscriminator(state: State, s: Schema, branch: unknown, value: unknown): unknown {
  const discriminator = s.discriminator;
  if (!isRecord(value) || !isObject(discriminator) || !isObject(branch)) return value;
  const property = discriminator.propertyName;
  const ref = branch.$ref;
  if (typeof property !== "string" || typeof ref !== "string") return value;
  // Declared by the branch or one of its `allOf` parts (OpenAI's `MessageResource`).
  const declared = declaredProperties(state, branch, 0).get(property);
  if (listsValues(state, declared)) return value;
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  const name =
    Object.keys(mapping)
      .sort()
      .find((key) => mapping[key] === ref || `#/components/schemas/${mapping[key]}` === ref) ??
    /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
  if (name === undefined) return value;
  // The name as a value of the property's own type: mapping keys are strings, a boolean
  // property reads `"true"` as `true`. A name the type cannot hold leaves the value alone.
  const types = declaredTypes(
    isObject(declared) ? dereference(state, declared as SchemaObject, "#").schema.type : undefined,
  );
  const named = typedName(name, types);
  if (named === undefined) return value;
  return { ...value, [property]: named };
}

/** A mapping key as a value of one of `types` (any type when none); undefined when none holds it. */
function typedName(name: string, types: readonly string[]): unknown {
  if (types.length === 0 || types.includes("string")) return name;
  if (types.includes("boolean") && (name === "true" || name === "false")) return name === "true";
  const number = Number(name);
  if (name.trim() !== "" && Number.isFinite(number))
    if (types.includes("number") || (types.includes("integer") && Number.isInteger(number)))
      return number;
  return undefined;
}

/**
 * One schema for a value of `parent` that takes `branch` of its `oneOf`/`anyOf`: the value must
 * satisfy both, so the branch's keywords win where both speak, properties and `required` add up.
 * A branch that only constrains (`{required: [a]}`) thus fills in the parent's properties.
 */
function withBranch(state: State, parent: Schema, branch: unknown, at: string): unknown {
  if (!isObject(branch)) return branch;
  const own: Schema = { ...parent };
  delete own.oneOf;
  delete own.anyOf;
  if (!hasOwnShape(own) && own.required === undefined) return branch;
  const resolved = dereference(state, branch as SchemaObject, at).schema as Schema;
  const merged: Schema = { ...own, ...resolved };
  if (isObject(own.properties) || isObject(resolved.properties)) {
    merged.properties = { ...own.properties, ...resolved.properties };
  }
  const required = [...(own.required ?? []), ...(resolved.required ?? [])];
  if (required.length > 0) merged.required = [...new Set(required)];
  return merged;
}

function synthesize(
  state: State,
  s: Schema,
  at: string,
  depth: number,
  alsoRequired: ReadonlySet<string> = NONE,
): unknown {
  switch (typeOf(s)) {
    case "null":
      return null;
    case "string":
      // A string carrying JSON (an SSE event's `data` with `contentSchema`): that JSON's text.
      if (
        isObject(s.contentSchema) &&
        typeof s.contentMediaType === "string" &&
        /json/i.test(s.contentMediaType)
      )
        return JSON.stringify(
          exampleOf(state, s.contentSchema, appendPointer(at, "contentSchema"), depth + 1) ?? null,
        );
      return stringValue(state, s, at);
    case "integer":
      return numberValue(s, true);
    case "number":
      return numberValue(s, false);
    case "boolean":
      return true;
    case "array":
      return arrayValue(state, s, at, depth);
    default:
      return objectValue(state, s, at, depth, alsoRequired);
  }
}

function arrayValue(state: State, schema: Schema, at: string, depth: number): unknown[] {
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? Number.POSITIVE_INFINITY;
  const full = state.size.used >= MAX_TOTAL;
  const length = Math.min(Math.max(min, depth >= MAX_DEPTH || full ? 0 : 1), max, MAX_ITEMS);
  state.size.used += length;
  const items: unknown[] = [];
  for (let index = 0; index < length; index++) {
    const prefix = schema.prefixItems?.[index];
    // Items past `minItems` are optional: one whose schema admits no value ends the array.
    const generate = index < min ? exampleOf : optionalValue;
    const item =
      prefix !== undefined
        ? generate(state, prefix, appendPointer(at, "prefixItems", index), depth + 1)
        : generate(
            { ...state, seed: state.seed + index },
            schema.items ?? {},
            appendPointer(at, "items"),
            depth + 1,
          );
    if (item === undefined && index >= min) break;
    items.push(item);
  }
  return items;
}

function objectValue(
  state: State,
  schema: Schema,
  at: string,
  depth: number,
  alsoRequired: ReadonlySet<string>,
): Record<string, unknown> {
  // Built without a prototype, so a property named `__proto__` is a key like any other.
  const value = emptyRecord();
  const filled: string[] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set([
    ...(Array.isArray(schema.required) ? schema.required : []),
    ...[...alsoRequired].filter(
      (name) => isObject(schema.properties) && Object.hasOwn(schema.properties, name),
    ),
  ]);
  // Properties this side of the wire never carries (`writeOnly` in answers), required or not.
  const names = Object.keys(properties)
    .sort()
    .filter((name) => !isHidden(state, properties[name], appendPointer(at, "properties", name)));
  for (const name of names) {
    if ((depth >= MAX_DEPTH || state.size.used >= MAX_TOTAL) && !required.has(name)) continue;
    if (!required.has(name) && depth >= OPTIONAL_DEPTH) continue;
    const where = appendPointer(at, "properties", name);
    const item = required.has(name)
      ? exampleOf(state, properties[name], where, depth + 1)
      : optionalValue(state, properties[name], where, depth + 1);
    if (item !== undefined) value[name] = item;
  }
  // An empty object vanishes in a form or deepObject body: write at least one declared property.
  const first = names[0];
  if (Object.keys(value).length === 0 && first !== undefined && depth < FIRST_PROPERTY_DEPTH) {
    const item = optionalValue(
      state,
      properties[first],
      appendPointer(at, "properties", first),
      depth + 1,
    );
    if (item !== undefined) value[first] = item;
  }
  // `minProperties` asks for more than the depth wrote: declared properties first, in order.
  const least = Math.min(
    typeof schema.minProperties === "number" ? schema.minProperties : 0,
    MAX_ITEMS,
  );
  for (const name of names) {
    if (Object.keys(value).length >= least) break;
    if (Object.hasOwn(value, name)) continue;
    const item = optionalValue(
      state,
      properties[name],
      appendPointer(at, "properties", name),
      depth + 1,
    );
    if (item !== undefined) value[name] = item;
  }
  const extra = schema.additionalProperties;
  for (const name of required) {
    if (typeof name !== "string" || Object.hasOwn(value, name) || Object.hasOwn(properties, name))
      continue;
    if (state.strict && extra === false && !declaresOwn(schema, name))
      throw new NoValue(
        at,
        `it requires "${name}", which its additionalProperties: false forbids`,
        true,
      );
    // Required without a schema of its own: the schema extra keys take, else a string.
    value[name] = isObject(extra)
      ? exampleOf(state, extra, appendPointer(at, "additionalProperties"), depth + 1)
      : "kit";
    filled.push(name);
  }
  const wanted = Math.min(
    Math.max(schema.minProperties ?? 0, Object.keys(properties).length === 0 ? 1 : 0),
    MAX_ITEMS,
  );
  const keys = extraKeys(state, schema, at);
  if (isObject(extra) && depth < MAX_DEPTH) {
    for (let index = 0; Object.keys(value).length < wanted && index < keys.length; index++) {
      // Past `minProperties`, an entry whose schema admits no value is left out.
      const where = appendPointer(at, "additionalProperties");
      const item =
        index < least
          ? exampleOf(state, extra, where, depth + 1)
          : optionalValue(state, extra, where, depth + 1);
      if (item === undefined) break;
      value[keys.at(index)] = item;
    }
  } else if (extra !== false) {
    // Any extra key is allowed: `minProperties` is met with strings under new keys.
    for (let index = 0; Object.keys(value).length < least && index < keys.length; index++)
      value[keys.at(index)] = `kit-${index}`;
  }
  return plainObject(value, filled);
}

/**
 * The names of new keys: those `propertyNames` lists (`enum`, `const`), sorted, when it lists
 * any (hey-api's object-property-names: a map keyed by an enum), else `key0`, `key1`, ….
 */
function extraKeys(
  state: State,
  schema: Schema,
  at: string,
): { length: number; at(index: number): string } {
  const names = isObject(schema.propertyNames)
    ? dereference(state, schema.propertyNames as SchemaObject, appendPointer(at, "propertyNames"))
        .schema
    : undefined;
  const listed =
    names === undefined
      ? undefined
      : [...(names.enum ?? []), ...("const" in names ? [names.const] : [])];
  const strings = listed?.filter((name): name is string => typeof name === "string").sort();
  if (strings === undefined || strings.length === 0)
    return { length: Number.POSITIVE_INFINITY, at: (index) => `key${index}` };
  return { length: strings.length, at: (index) => strings[index]! };
}

/**
 * Whether a property is one this side of the wire leaves out: `readOnly` in requests, `writeOnly`
 * in answers, flagged on the property's schema or on the schema its `$ref` names (as the
 * generated types read it, `hiddenIn`).
 */
function isHidden(state: State, property: unknown, where: string): boolean {
  if (!isObject(property)) return false;
  const flag = state.direction === "request" ? "readOnly" : "writeOnly";
  if ((property as Record<string, unknown>)[flag] === true) return true;
  const { schema } = dereference(state, property as SchemaObject, where);
  return (schema as Record<string, unknown>)[flag] === true;
}

/**
 * The object as JSON.parse would give it (a plain object), keys such as `__proto__` kept as own
 * keys, with the names only `required` gave it remembered.
 */
function plainObject(
  value: Record<string, unknown>,
  filled: readonly string[],
): Record<string, unknown> {
  const plain = Object.fromEntries(Object.entries(value));
  if (filled.length > 0) fillers.set(plain, [...filled]);
  return plain;
}

/**
 * Properties an object got only because `required` names them without a schema (`"kit"`):
 * merging `allOf` parts, a part that declares the property gives its value instead.
 */
const fillers = new WeakMap<object, string[]>();

function mergeParts(parts: readonly Record<string, unknown>[]): Record<string, unknown> {
  const merged = emptyRecord();
  const filled = new Set<string>();
  for (const part of parts) {
    const own = new Set(fillers.get(part) ?? []);
    for (const [key, item] of Object.entries(part)) {
      if (own.has(key)) {
        if (Object.hasOwn(merged, key)) continue;
        filled.add(key);
      } else filled.delete(key);
      merged[key] = item;
    }
  }
  return plainObject(merged, [...filled]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
