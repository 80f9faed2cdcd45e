import { isObject } from "../../openapi/is-object.js";
import type { SchemaObject } from "../../openapi/types.js";
import { compareText } from "../compare.js";
import type { ObjectShape } from "../merge-object-shape.js";
import { hiddenIn } from "../read-write.js";
import { propertyDoc } from "../schema-doc.js";
import {
  ANY_KEY,
  type IndexSignature,
  NO_DOC,
  NOTHING_LEFT,
  type Property,
  primitive,
  type TypeExpr,
  union,
} from "../type-expr.js";
import { allApply } from "./all-apply.js";
import { isConstraintOnly } from "./constraint-only.js";
import { buildPropertyNames, listedKeys } from "./property-names.js";
import type { SchemaContext } from "./schema-context.js";

/**
 * An object with its properties, or a record for a pure map (an object literal type where the map
 * names the alias it stands in, see `mapValue`; `Partial<Record<K, V>>` where `propertyNames`
 * lists the keys). Other keys beside declared properties get index signatures (`buildIndexes`).
 */
export function buildObjectType(
  shape: ObjectShape,
  context: SchemaContext,
  undeclared: Undeclared = "properties",
): TypeExpr {
  return context.members(() => objectType(shape, context, undeclared));
}

function objectType(shape: ObjectShape, context: SchemaContext, undeclared: Undeclared): TypeExpr {
  const required = undeclared === "properties" ? undeclaredKeys(shape, context) : [];
  if (shape.properties.size === 0 && shape.patternProperties.size === 0 && required.length === 0) {
    reportConditionals(shape, context);
    const keys = buildPropertyNames(shape, context);
    const extra = shape.additionalProperties;
    // `additionalProperties: false` and nothing declared: only the empty object. Beside other
    // branches it would reject their keys too, which their authors never mean, so it adds nothing.
    const alone = undeclared === "properties" && !context.inIntersection;
    if (extra === undefined && shape.closed && keys === undefined && alone) return NOTHING_LEFT;
    if (extra === undefined || extra === true) {
      return { kind: "record", value: primitive("unknown"), literal: false, ...keysOf(keys) };
    }
    const { value, needsLiteral } = context.mapValue(() =>
      context.build(extra.schema, extra.pointer),
    );
    return { kind: "record", value, literal: needsLiteral && keys === undefined, ...keysOf(keys) };
  }
  const properties = buildProperties(shape, context, undeclared);
  const indexes = buildIndexes(shape, properties, context);
  return properties.length === 0 && indexes.length === 0
    ? NOTHING_LEFT
    : { kind: "object", properties, indexes };
}

/**
 * What becomes of `required` keys no property declares: `"properties"` makes each a required
 * property (the caller builds the object on its own); `"elsewhere"` leaves them to the caller,
 * which requires them of the types beside it (`Item & { id: unknown }`, see `buildRequiredKeys`).
 */
export type Undeclared = "properties" | "elsewhere";

/** One warning per `if`: TypeScript cannot test a value, so `then` and `else` are approximated. */
export function reportConditionals(shape: ObjectShape, context: SchemaContext): void {
  for (const pointer of shape.conditionals) {
    context.warnings.add(
      "if/then/else is not checked; then and else only add optional properties that fit either case",
      pointer,
    );
  }
}

function keysOf(keys: TypeExpr | undefined): { keys?: TypeExpr } {
  return keys === undefined ? {} : { keys };
}

/**
 * The index signatures for keys beside the declared properties. `additionalProperties: true` is
 * `[key: string]: unknown`; a schema gives its type. A `patternProperties` pattern that is a plain
 * prefix (`^meta_`) gives `` [key: `meta_${string}`]: T ``; any other pattern is folded into the
 * `string` signature with a warning, since no TypeScript key type says it. TypeScript requires each
 * signature to accept every declared property whose key it matches (`undefined` where optional),
 * and the `string` one every other signature too: those types join each union.
 */
export function buildIndexes(
  shape: ObjectShape,
  properties: readonly Property[],
  context: SchemaContext,
): readonly IndexSignature[] {
  // Beside properties, propertyNames gives no key type: this only reports it.
  buildPropertyNames(shape, context);
  reportConditionals(shape, context);
  // Keys that propertyNames lists are properties already (`buildProperties`): no other key is allowed.
  if (listedKeys(shape, context.loaded) !== undefined) return [];
  const extra = shape.additionalProperties;
  if (extra === true) return ANY_KEY;
  const prefixed = new Map<string, TypeExpr[]>();
  const everyKey: TypeExpr[] = [];
  if (extra !== undefined) {
    everyKey.push(context.at("deferred", () => context.build(extra.schema, extra.pointer)));
  }
  for (const pattern of [...shape.patternProperties.keys()].sort(compareText)) {
    const { schema, pointer } = shape.patternProperties.get(pattern)!;
    const value = context.at("deferred", () => context.build(schema, pointer));
    const prefix = plainPrefix(pattern);
    if (prefix === undefined) {
      context.warnings.add(
        "patternProperties pattern is not a plain prefix; its keys are typed as any string key",
        pointer,
      );
    }
    if (prefix === undefined || prefix === "") everyKey.push(value);
    else prefixed.set(prefix, [...(prefixed.get(prefix) ?? []), value]);
  }
  const indexes: IndexSignature[] = [];
  if (everyKey.length > 0) {
    const values = [
      ...everyKey,
      ...[...prefixed.values()].flat(),
      ...properties.map(propertyValue),
    ];
    indexes.push({ value: union(values) });
  }
  for (const [prefix, values] of prefixed) {
    const matching = properties.filter((property) => property.key.startsWith(prefix));
    indexes.push({ prefix, value: union([...values, ...matching.map(propertyValue)]) });
  }
  return indexes;
}

/** What an index signature must accept for a property: its type, `undefined` where optional. */
function propertyValue(property: Property): TypeExpr {
  return property.optional ? union([property.type, primitive("undefined")]) : property.type;
}

/**
 * The key prefix a `patternProperties` pattern stands for, when it is a plain one: `^meta_`
 * (optionally followed by `.*` or `.+`) is every key that starts with `meta_`. Undefined for any
 * other pattern (anchored ends, classes, alternatives), which no template literal type can say.
 */
export function plainPrefix(pattern: string): string | undefined {
  const match = /^\^((?:[^\\.^$*+?()[\]{}|]|\\[\\.^$*+?()[\]{}|/\-_])*)(?:\.[*+])?$/.exec(pattern);
  return match === null ? undefined : match[1]!.replace(/\\(.)/g, "$1");
}

/**
 * The properties sorted by key, each with its doc. The keys `propertyNames` lists beside them
 * (`enum: [a, b]`) are optional properties of the `additionalProperties` type too.
 */
export function buildProperties(
  shape: ObjectShape,
  context: SchemaContext,
  undeclared: Undeclared = "properties",
): Property[] {
  const view = context.view;
  const [keys, hidden] = partition(
    [...shape.properties.keys()],
    (key) => view === undefined || !hiddenIn(context.loaded, view, shape.properties.get(key)!),
  );
  const declared = keys.map((key): Property => {
    const { schema } = shape.properties.get(key)!;
    return {
      key,
      optional: !shape.required.has(key),
      doc: isObject(schema) ? propertyDoc(schema as SchemaObject) : NO_DOC,
      type: declaredType(shape, key, context),
    };
  });
  const properties = [
    ...declared,
    ...listedProperties(shape, context),
    ...(undeclared === "properties" ? undeclaredRequired(shape, context) : []),
  ];
  // Every property left out (all readOnly in a request): each may not be sent, and the type still
  // constrains nothing else, so beside other branches (`allOf`, a `oneOf`) their keys stay open.
  if (properties.length === 0) properties.push(...hidden.map(leftOut));
  return properties.sort((a, b) => compareText(a.key, b.key));
}

function partition<T>(items: readonly T[], keep: (item: T) => boolean): [T[], T[]] {
  return [items.filter(keep), items.filter((item) => !keep(item))];
}

/** A property the view leaves out: `id?: never`. */
function leftOut(key: string): Property {
  return { key, optional: true, doc: NO_DOC, type: primitive("never") };
}

/**
 * A property's type. A key declared by several `allOf` branches has every declaration apply: their
 * types intersect, where a declaration that only constrains or describes (`{description: …}`)
 * stands for the others and adds nothing.
 */
function declaredType(shape: ObjectShape, key: string, context: SchemaContext): TypeExpr {
  const declarations = [...(shape.earlier.get(key) ?? []), shape.properties.get(key)!];
  const typing = declarations.filter(({ schema }) => !isConstraintOnly(schema));
  const built = (typing.length > 0 ? typing : declarations.slice(-1)).map(({ schema, pointer }) =>
    context.at("deferred", () => context.build(schema, pointer)),
  );
  const type = allApply(built);
  if (type !== undefined) return type;
  context.warnings.add(
    "declared in allOf again with a type that excludes its other declaration; typed as this one",
    shape.properties.get(key)!.pointer,
  );
  return built[built.length - 1]!;
}

/**
 * `required` keys that no property declares (nor `propertyNames` lists): required properties
 * typed by `additionalProperties` where it gives a schema, else `unknown`.
 */
function undeclaredRequired(shape: ObjectShape, context: SchemaContext): Property[] {
  const extra = shape.additionalProperties;
  return undeclaredKeys(shape, context).map((key) => ({
    key,
    optional: false,
    doc: NO_DOC,
    type:
      extra === undefined || extra === true
        ? primitive("unknown")
        : context.at("deferred", () => context.build(extra.schema, extra.pointer)),
  }));
}

function undeclaredKeys(shape: ObjectShape, context: SchemaContext): string[] {
  const listed = new Set(listedKeys(shape, context.loaded) ?? []);
  return [...shape.required].filter((key) => !shape.properties.has(key) && !listed.has(key));
}

/** The keys `propertyNames` lists that no property declares, typed as `additionalProperties` says. */
function listedProperties(shape: ObjectShape, context: SchemaContext): Property[] {
  const extra = shape.additionalProperties;
  const keys = listedKeys(shape, context.loaded) ?? [];
  return [...new Set(keys)]
    .filter((key) => !shape.properties.has(key))
    .map((key) => ({
      key,
      optional: !shape.required.has(key),
      doc: NO_DOC,
      type:
        extra === undefined || extra === true
          ? primitive("unknown")
          : context.at("deferred", () => context.build(extra.schema, extra.pointer)),
    }));
}
