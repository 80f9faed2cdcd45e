import { KitGenerateError, type SourceLocation } from "../errors.js";
import { isObject } from "./is-object.js";
import { isArrayIndex, pointerOf, pointerSegments, unescapeSegment } from "./pointer.js";
import type { OpenAPIDocument, ReferenceObject, SchemaObject } from "./types.js";

/** Turns a pointer into the location errors report; `LoadedDocument.locate` adds file and line. */
export type Locate = (pointer: string) => SourceLocation;

const pointerOnly: Locate = (pointer) => ({ pointer });

const REFERENCE_KEYS = new Set(["$ref", "summary", "description"]);

/** Whether `ref` points into this document (`#` or `#/...`). */
export function isLocalReference(ref: string): boolean {
  return ref === "#" || ref.startsWith("#/");
}

/**
 * Throws unless `ref` points into this document (`#` or `#/...`).
 * `at` is the pointer of the object that holds the `$ref`.
 */
export function assertLocalReference(ref: string, at: string, locate: Locate = pointerOnly): void {
  if (isLocalReference(ref)) return;
  const problem = ref.startsWith("#")
    ? "is a plain-name fragment; only JSON pointer references (#/...) are supported"
    : "is not local; only local references are supported; bundle the document into one file first";
  throw new KitGenerateError(`$ref ${JSON.stringify(ref)} ${problem}`, locate(at));
}

/**
 * The value a local `$ref` points at, following references whose target is itself only a
 * reference. `pointer` is where the value was found, in `pointerOf` form.
 */
export function resolveLocalReference<T = unknown>(
  document: OpenAPIDocument,
  ref: string,
  at: string,
  locate: Locate = pointerOnly,
): { value: T; pointer: string } {
  const chain = new Set<string>();
  let currentRef = ref;
  let currentAt = at;
  for (;;) {
    assertLocalReference(currentRef, currentAt, locate);
    const segments = fragmentSegments(currentRef);
    const pointer = pointerOf(...segments);
    if (chain.has(pointer)) {
      const cycle = [...chain, pointer].join(" -> ");
      throw new KitGenerateError(`$ref cycle: ${cycle}`, locate(at));
    }
    chain.add(pointer);
    const found = valueAt(document, segments);
    if (!found.exists) {
      throw new KitGenerateError(
        `$ref ${JSON.stringify(currentRef)} points to nothing in the document`,
        locate(currentAt),
      );
    }
    if (!isReferenceOnly(found.value)) return { value: found.value as T, pointer };
    currentRef = found.value.$ref;
    currentAt = pointer;
  }
}

/**
 * Where references are followed: the document and, for the errors a broken reference raises, a
 * way from a pointer to its file and line. `LoadedDocument` is one.
 */
export interface ReferenceSource {
  readonly document: OpenAPIDocument;
  readonly locate?: Locate;
}

/** A schema as `dereference` gives it; `name` is the component key of `#/components/schemas/<name>`. */
export interface SchemaTarget {
  schema: SchemaObject;
  pointer: string;
  name?: string;
}

interface Target {
  value: unknown;
  pointer: string;
  /** The target read as a schema, made on first use. */
  schema?: SchemaTarget;
}

const targets = new WeakMap<OpenAPIDocument, Map<string, Target>>();

/**
 * The one place a `$ref` is followed: its target is remembered per document and `$ref` text, as a
 * local reference leads to the same place wherever it is written and large documents repeat the
 * same references thousands of times. A broken reference is not remembered, so the error names
 * each place that uses it.
 */
function targetOf(source: ReferenceSource, ref: string, at: string): Target {
  let byRef = targets.get(source.document);
  if (byRef === undefined) {
    byRef = new Map();
    targets.set(source.document, byRef);
  }
  let target = byRef.get(ref);
  if (target === undefined) {
    target = resolveLocalReference(source.document, ref, at, source.locate);
    byRef.set(ref, target);
  }
  return target;
}

/** `value` itself, or the value its `$ref` chain ends at, with the pointer of where it stands. */
export function followReference(
  source: ReferenceSource,
  value: unknown,
  pointer: string,
): { value: unknown; pointer: string } {
  return isObject(value) && typeof value.$ref === "string"
    ? targetOf(source, value.$ref, pointer)
    : { value, pointer };
}

/** `followReference`, then a check that an object stands there; `what` names it in the error. */
export function resolveObject<T>(
  source: ReferenceSource,
  value: unknown,
  pointer: string,
  what: string,
): { value: T; pointer: string } {
  const target = followReference(source, value, pointer);
  if (!isObject(target.value)) {
    const locate = source.locate ?? pointerOnly;
    throw new KitGenerateError(`${what} must be an object`, locate(target.pointer));
  }
  return target as { value: T; pointer: string };
}

/**
 * The value at `pointer` (in `pointerOf` form), with a `$ref` found there followed; undefined
 * where the document has nothing.
 */
export function valueAtPointer(
  source: ReferenceSource,
  pointer: string,
): { value: unknown; pointer: string } {
  return followReference(source, documentValue(source.document, pointer), pointer);
}

/** The value at `pointer` (in `pointerOf` form) as it stands, `$ref` or not; undefined if none. */
export function documentValue(document: OpenAPIDocument, pointer: string): unknown {
  const found = valueAt(document, pointerSegments(pointer));
  return found.exists ? found.value : undefined;
}

/**
 * The schema itself, or the schema its `$ref` chain ends at. Keywords beside a `$ref` are ignored,
 * as OpenAPI 3.0 prescribes. A hostile document may put anything where a schema belongs; it reads
 * as a schema saying nothing.
 */
export function dereference(
  source: ReferenceSource,
  input: SchemaObject | ReferenceObject,
  pointer: string,
): SchemaTarget {
  if (!isObject(input)) return { schema: {}, pointer };
  if (typeof input.$ref !== "string") return { schema: input as SchemaObject, pointer };
  const target = targetOf(source, input.$ref, pointer);
  if (target.schema === undefined) {
    const schema = asSchema(target.value, target.pointer, source.locate ?? pointerOnly);
    const name = componentSchemaName(target.pointer);
    target.schema =
      name === undefined
        ? { schema, pointer: target.pointer }
        : { schema, pointer: target.pointer, name };
  }
  return target.schema;
}

/** `dereference` for a caller that holds the document itself (the package's public export). */
export function dereferenceSchema(
  document: OpenAPIDocument,
  schema: SchemaObject | ReferenceObject,
  pointer: string,
  locate: Locate = pointerOnly,
): SchemaTarget {
  return dereference({ document, locate }, schema, pointer);
}

function asSchema(value: unknown, pointer: string, locate: Locate): SchemaObject {
  // OpenAPI 3.1 allows boolean schemas: `true` accepts anything, `false` nothing.
  if (value === true) return {};
  if (value === false) return { not: {} };
  if (isObject(value)) return value as SchemaObject;
  throw new KitGenerateError("expected a schema object", locate(pointer));
}

const SCHEMA_COMPONENT = /^#\/components\/schemas\/([^/]+)$/;

function componentSchemaName(pointer: string): string | undefined {
  const match = SCHEMA_COMPONENT.exec(pointer);
  return match ? unescapeSegment(match[1]!) : undefined;
}

/** A URI fragment's JSON pointer segments: percent-decoded first, then `~1` and `~0` (RFC 6901 §6). */
function fragmentSegments(ref: string): string[] {
  if (ref === "#") return [];
  return ref
    .slice(2)
    .split("/")
    .map((segment) => unescapeSegment(percentDecode(segment)));
}

function percentDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A stray "%" that starts no escape is meant literally.
    return segment;
  }
}

function valueAt(
  document: unknown,
  segments: readonly string[],
): { exists: boolean; value?: unknown } {
  let value = document;
  for (const segment of segments) {
    if (Array.isArray(value)) {
      if (!isArrayIndex(segment) || Number(segment) >= value.length) return { exists: false };
      value = value[Number(segment)];
    } else if (isObject(value) && Object.hasOwn(value, segment)) {
      value = value[segment];
    } else {
      return { exists: false };
    }
  }
  return { exists: true, value };
}

function isReferenceOnly(value: unknown): value is ReferenceObject {
  return (
    isObject(value) &&
    typeof value.$ref === "string" &&
    Object.keys(value).every((key) => REFERENCE_KEYS.has(key))
  );
}
