import { isObject } from "../openapi/is-object.js";
import { pointerSegments } from "../openapi/pointer.js";
import type { OpenAPIDocument } from "../openapi/types.js";
import { emptyRecord } from "./form-fields.js";
import { convertSchema, type Direction, is30Document } from "./json-schema.js";

/**
 * The part of the document one schema needs, as JSON Schema 2020-12: the schema at `pointer` and
 * every schema its local `$ref`s reach, each at its own place in an otherwise empty document, so
 * the `$ref`s resolve as they do in the whole one. Built when a request first needs the schema,
 * so starting and the first request cost what that operation reaches, not the whole document
 * (GitHub's is 5.7 MB). `converted` keeps each converted schema for the next closure. A `$ref`
 * to a place the document lacks stands for `true` (anything), said once to `notice`.
 */
export function schemaClosure(
  document: OpenAPIDocument,
  pointer: string,
  direction: Direction,
  converted: Map<string, unknown>,
  notice: (line: string) => void,
): Record<string, unknown> {
  const is30 = is30Document(document);
  const root = emptyRecord();
  const placed = new Set<string>();
  const pending = [pointer];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (placed.has(next)) continue;
    placed.add(next);
    let schema = converted.get(next);
    if (schema === undefined) {
      const raw = valueAt(document, next);
      // A `$ref` to nothing accepts anything there; the rest of the schema is still checked.
      if (raw === undefined) notice(`${next} does not exist; values there are not checked`);
      schema = raw === undefined ? true : convertSchema(raw, is30, direction);
      converted.set(next, schema);
    }
    place(root, pointerSegments(next), schema);
    for (const ref of localRefs(schema)) if (!placed.has(ref)) pending.push(ref);
  }
  return root;
}

function valueAt(document: OpenAPIDocument, pointer: string): unknown {
  let value: unknown = document;
  for (const segment of pointerSegments(pointer))
    value =
      isObject(value) || Array.isArray(value)
        ? (value as Record<string, unknown>)[segment]
        : undefined;
  return value;
}

/**
 * Puts `schema` at `segments` below `root`, making the objects on the way. A place inside a
 * schema already put there is left alone: that schema holds it already (and is shared, so it is
 * never written into).
 */
function place(root: Record<string, unknown>, segments: readonly string[], schema: unknown): void {
  let node = root;
  for (const [index, segment] of segments.entries()) {
    if (index === segments.length - 1) {
      node[segment] = schema;
      return;
    }
    const next = node[segment];
    if (next !== undefined && !placedByUs.has(next as object)) return;
    if (next === undefined) {
      const created = emptyRecord();
      placedByUs.add(created);
      node[segment] = created;
    }
    node = node[segment] as Record<string, unknown>;
  }
}

/** The skeleton objects `place` made, as opposed to converted schemas. */
const placedByUs = new WeakSet<object>();

/** The pointers of the local `$ref`s in a converted schema (`#/components/schemas/Pet`). */
function localRefs(schema: unknown): string[] {
  const found: string[] = [];
  const stack = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key === "$ref" && typeof item === "string" && item.startsWith("#"))
          found.push(decodeFragment(item));
        else if (typeof item === "object" && item !== null) stack.push(item);
      }
    }
  }
  return found;
}

/** A `$ref`'s fragment as a printed pointer: percent-decoding undone, `~0`/`~1` kept. */
function decodeFragment(ref: string): string {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
}
