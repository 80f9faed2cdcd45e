import { isObject } from "../openapi/is-object.js";
import { pointerSegments } from "../openapi/pointer.js";
import { documentValue } from "../openapi/refs.js";
import type { OpenAPIDocument } from "../openapi/types.js";
import { emptyRecord } from "./form-fields.js";
import { convertSchema, type Direction, is30Document } from "./json-schema.js";

/**
 * The parts of one document that the schemas asked for so far need, as JSON Schema 2020-12:
 * `add(pointer)` puts the schema at `pointer` and every schema its local `$ref`s reach, each
 * converted once and placed at its own pointer in `root`, so the `$ref`s resolve as in the whole
 * document. Ajv is given `root` once and reads it when it resolves a reference, so a schema a
 * request first needs costs what it reaches, never the whole document (GitHub's is 5.7 MB), and
 * a schema reached from many places is compiled once. A `$ref` to a place the document lacks
 * stands for `true` (anything), said once to `notice`.
 */
export class SchemaClosure {
  readonly root: Record<string, unknown> = emptyRecord();
  readonly #document: OpenAPIDocument;
  readonly #direction: Direction;
  readonly #is30: boolean;
  readonly #placed = new Set<string>();
  /** The objects made on the way to a placed schema, as opposed to converted schemas. */
  readonly #skeleton = new WeakSet<object>([this.root]);
  readonly #notice: (line: string) => void;

  constructor(document: OpenAPIDocument, direction: Direction, notice: (line: string) => void) {
    this.#document = document;
    this.#direction = direction;
    this.#is30 = is30Document(document);
    this.#notice = notice;
  }

  add(pointer: string): void {
    const pending = [pointer];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (this.#placed.has(next)) continue;
      this.#placed.add(next);
      const raw = documentValue(this.#document, next);
      if (raw === undefined) this.#notice(`${next} does not exist; values there are not checked`);
      const schema = raw === undefined ? true : convertSchema(raw, this.#is30, this.#direction);
      this.#place(pointerSegments(next), schema);
      for (const ref of localRefs(schema)) if (!this.#placed.has(ref)) pending.push(ref);
    }
  }

  /**
   * Puts `schema` at `segments`, making the objects on the way. A place inside a schema already
   * put there is left alone: that schema holds it already, and is never written into.
   */
  #place(segments: readonly string[], schema: unknown): void {
    let node = this.root;
    for (const [index, segment] of segments.entries()) {
      if (index === segments.length - 1) {
        node[segment] = schema;
        return;
      }
      let next = node[segment];
      if (next === undefined) {
        next = emptyRecord();
        this.#skeleton.add(next as object);
        node[segment] = next;
      } else if (!isObject(next) || !this.#skeleton.has(next)) return;
      node = next as Record<string, unknown>;
    }
  }
}

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
