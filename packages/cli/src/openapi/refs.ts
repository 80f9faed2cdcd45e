import { KitGenerateError, type SourceLocation } from "../errors.js";
import { isObject } from "./is-object.js";
import { isArrayIndex, pointerOf, unescapeSegment } from "./pointer.js";
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
 * The schema itself, or the schema its `$ref` chain ends at. `name` is the component key when the
 * chain ends at `#/components/schemas/<name>`. Keywords beside a `$ref` are ignored, as OpenAPI 3.0
 * prescribes.
 */
export function dereferenceSchema(
  document: OpenAPIDocument,
  schema: SchemaObject | ReferenceObject,
  pointer: string,
  locate: Locate = pointerOnly,
): { schema: SchemaObject; pointer: string; name?: string } {
  if (typeof schema.$ref !== "string") return { schema: schema as SchemaObject, pointer };
  const target = resolveLocalReference(document, schema.$ref, pointer, locate);
  const resolved = asSchema(target.value, target.pointer, locate);
  const name = componentSchemaName(target.pointer);
  return name === undefined
    ? { schema: resolved, pointer: target.pointer }
    : { schema: resolved, pointer: target.pointer, name };
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
