import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import { appendPointer } from "../openapi/pointer.js";
import { dereference } from "../openapi/refs.js";
import type { SchemaObject } from "../openapi/types.js";
import type { SchemaAt, SchemaInput } from "./schema-input.js";
import type { NamedType, View } from "./type-expr.js";

const HIDING = { request: "readOnly", response: "writeOnly" } as const;

/**
 * Whether a property is left out of the types of one direction: a `readOnly` one out of what is
 * sent (request types), a `writeOnly` one out of what is received (response types). The flag is
 * read on the property's schema, or on the schema its `$ref` names.
 */
export function hiddenIn(loaded: LoadedDocument, view: View, property: SchemaAt): boolean {
  const flag = HIDING[view];
  const { schema, pointer } = property;
  if (!isObject(schema)) return false;
  if ((schema as SchemaObject)[flag] === true) return true;
  return (
    typeof schema.$ref === "string" && dereference(loaded, schema, pointer).schema[flag] === true
  );
}

/** Whether one direction hides the property and the other keeps it. */
function differsBetweenViews(loaded: LoadedDocument, property: SchemaAt): boolean {
  return hiddenIn(loaded, "request", property) !== hiddenIn(loaded, "response", property);
}

/** Keywords whose schemas the type builders follow; `const` and `enum` stand alone. */
const BRANCHES = ["allOf", "oneOf", "anyOf"] as const;
const MAX_DEPTH = 100;

/**
 * Splits a named type in two where its request and response shapes differ: a type whose schema
 * reaches (through properties, items, maps, compositions and references) a property that is
 * `readOnly` or `writeOnly` but not both. References built for a request then name the type's
 * request variant; references built for a response name the type itself.
 */
export class ReadWriteSplit {
  readonly #loaded: LoadedDocument;
  /** By pointer of a named schema: whether it reaches such a property. */
  readonly #differs = new Map<string, boolean>();
  readonly #variants = new Map<NamedType, { name: string } & NamedType>();

  constructor(loaded: LoadedDocument) {
    this.#loaded = loaded;
  }

  /** The type a reference built for `view` names. */
  inView(type: NamedType, view: View | undefined): NamedType {
    if (view !== "request" || type.view === "request" || !this.#splits(type)) return type;
    let variant = this.#variants.get(type);
    if (variant === undefined) {
      variant = { name: type.name, pointer: type.pointer, schema: type.schema, view: "request" };
      this.#variants.set(type, variant);
    }
    return variant;
  }

  /**
   * Once every type is placed: a request variant placed beside its type gets a name of its own,
   * `<Name>Writable` (claimed by `claim`, in the order the variants were met); one placed alone
   * keeps the type's name, since the type itself is not declared.
   */
  nameVariants(
    placed: ReadonlyMap<NamedType, string>,
    claim: (base: string, pointer: string) => string,
  ): void {
    for (const [type, variant] of this.#variants) {
      if (placed.has(type) && placed.has(variant)) {
        variant.name = claim(`${type.name}Writable`, type.pointer);
      }
    }
  }

  /** A broken reference is not this walk's to report: building the type meets and names it. */
  #splits(type: NamedType): boolean {
    try {
      return this.#reachesMarked(type);
    } catch {
      return false;
    }
  }

  /**
   * Breadth first through the named schemas `type` refers to. When none reaches a marked property,
   * none of those visited does either, so they are all remembered as not splitting.
   */
  #reachesMarked(type: NamedType): boolean {
    const known = this.#differs.get(type.pointer);
    if (known !== undefined) return known;
    const queue: SchemaAt[] = [{ schema: type.schema, pointer: type.pointer }];
    const seen = new Set([type.pointer]);
    const follow = (target: SchemaAt): void => {
      if (seen.has(target.pointer) || this.#differs.get(target.pointer) === false) return;
      seen.add(target.pointer);
      queue.push(target);
    };
    for (const named of queue) {
      if (
        this.#differs.get(named.pointer) === true ||
        this.#marked(named.schema, named.pointer, follow, 0)
      ) {
        this.#differs.set(type.pointer, true);
        return true;
      }
    }
    for (const pointer of seen) this.#differs.set(pointer, false);
    return false;
  }

  /** Whether the schema has a marked property, not following references (given to `follow`). */
  #marked(
    input: unknown,
    pointer: string,
    follow: (target: SchemaAt) => void,
    depth: number,
  ): boolean {
    if (!isObject(input) || depth > MAX_DEPTH) return false;
    if (typeof input.$ref === "string") {
      follow(dereference(this.#loaded, input as SchemaInput, pointer));
      return false;
    }
    const schema = input as SchemaObject;
    if (Object.hasOwn(schema, "const") || Array.isArray(schema.enum)) return false;
    const next = depth + 1;
    if (isObject(schema.properties)) {
      for (const [key, property] of Object.entries(schema.properties)) {
        const at = appendPointer(pointer, "properties", key);
        if (differsBetweenViews(this.#loaded, { schema: property as SchemaInput, pointer: at }))
          return true;
        if (this.#marked(property, at, follow, next)) return true;
      }
    }
    if (this.#marked(schema.items, appendPointer(pointer, "items"), follow, next)) return true;
    if (
      this.#marked(
        schema.additionalProperties,
        appendPointer(pointer, "additionalProperties"),
        follow,
        next,
      )
    ) {
      return true;
    }
    return BRANCHES.some(
      (keyword) =>
        Array.isArray(schema[keyword]) &&
        schema[keyword].some((branch, index) =>
          this.#marked(branch, appendPointer(pointer, keyword, index), follow, next),
        ),
    );
  }
}
