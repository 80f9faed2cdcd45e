import { isObject } from "../../openapi/is-object.js";
import type { LoadedDocument } from "../../openapi/load.js";
import type { SchemaObject } from "../../openapi/types.js";
import { interfaceShape, reachesThroughComposition } from "../alias-cycle.js";
import { ReadWriteSplit } from "../read-write.js";
import type { SchemaInput } from "../schema-input.js";
import type { NamedType, TypeExpr, View } from "../type-expr.js";
import type { TypeRegistry } from "../type-registry.js";
import type { Warnings } from "../warnings.js";

/**
 * Builds the type of any schema (`buildSchemaType`). The context carries it, so that the builders
 * of each keyword recurse through their context and never import the dispatcher that calls them.
 */
export type SchemaWalker = (
  input: SchemaInput | boolean,
  pointer: string,
  context: SchemaContext,
) => TypeExpr;

/**
 * What building type trees from schemas needs: the document, the registry that names types, the
 * warnings, the walker, and where the schema being built stands in the type alias being declared.
 */
export class SchemaContext {
  readonly loaded: LoadedDocument;
  readonly registry: TypeRegistry;
  readonly warnings: Warnings;
  readonly split: ReadWriteSplit;
  /** How many schemas enclose the one being built; see `MAX_SCHEMA_DEPTH`. */
  depth = 0;
  /**
   * The type aliases being declared, and where the schema being built stands in them: directly in
   * a union or an intersection of the right-hand side, or deferred inside an object member or an
   * array item. A direct reference to the alias itself does not compile (`type A = X | A`).
   */
  readonly #aliases = new Set<string>();
  #position: "union" | "intersection" | "deferred" = "deferred";
  /** How often an alias being declared was referenced by name (where TypeScript defers it). */
  #aliasesNamed = 0;
  /** The direction the types being built are for; undefined: both, nothing is left out. */
  #view: View | undefined;
  /** Schemas whose members are being built in place: declared types and merged `allOf` targets. */
  readonly #expanding = new Set<string>();
  /**
   * Where a multipart body's parts are being built: `"body"` the body's own schema, `"field"` one
   * of its fields (or a field's array items), each sent as a part of its own, where a binary
   * string is a file. Undefined everywhere else: JSON, parameters and form fields carry text.
   */
  #parts: "body" | "field" | undefined;
  readonly #walk: SchemaWalker;

  constructor(
    loaded: LoadedDocument,
    registry: TypeRegistry,
    warnings: Warnings,
    walk: SchemaWalker,
  ) {
    this.loaded = loaded;
    this.registry = registry;
    this.warnings = warnings;
    this.split = new ReadWriteSplit(loaded);
    this.#walk = walk;
  }

  /** The type of a schema met inside the one being built. */
  build(input: SchemaInput | boolean, pointer: string): TypeExpr {
    return this.#walk(input, pointer, this);
  }

  get view(): View | undefined {
    return this.#view;
  }

  /** Builds the types of one direction: a request's or a response's; not a multipart body's parts. */
  inView<T>(view: View, build: () => T): T {
    const outer = this.#view;
    const parts = this.#parts;
    this.#view = view;
    this.#parts = undefined;
    try {
      return build();
    } finally {
      this.#view = outer;
      this.#parts = parts;
    }
  }

  /** Builds a multipart body's schema, whose fields are sent as parts (see `isFilePart`). */
  multipartBody<T>(build: () => T): T {
    return this.#withParts("body", build);
  }

  /**
   * Builds the members of an object: the fields of a multipart body are its parts; an object
   * deeper down is sent as JSON (an `application/json` part), so its members are text.
   */
  members<T>(build: () => T): T {
    return this.#withParts(this.#parts === "body" ? "field" : undefined, build);
  }

  /** Whether a binary string built here is a file, sent as bytes: a multipart field's part. */
  get isFilePart(): boolean {
    return this.#parts === "field";
  }

  #withParts<T>(parts: "body" | "field" | undefined, build: () => T): T {
    const outer = this.#parts;
    this.#parts = parts;
    try {
      return build();
    } finally {
      this.#parts = outer;
    }
  }

  /** A reference to `type` from here: to its request variant where the two shapes differ. */
  reference(type: NamedType): TypeExpr {
    return { kind: "ref", type: this.split.inView(type, this.#view) };
  }

  /** Notes a reference by name to `type`, which counts when it is an alias being declared. */
  named(type: NamedType): void {
    if (this.#aliases.has(type.pointer)) this.#aliasesNamed++;
  }

  /**
   * Builds the right-hand side of the alias `type` (also one expanded in place inside another
   * alias, see `expandsInPlace`), with references back to it built as neutral elements.
   */
  aliasBody<T>(type: NamedType, build: () => T): T {
    this.#aliases.add(type.pointer);
    try {
      return this.at("union", build);
    } finally {
      this.#aliases.delete(type.pointer);
    }
  }

  /**
   * Builds a map's value type and says whether the map must be an object literal type: as a
   * direct part of an alias, `Record<string, A>` naming the alias itself is circular, while
   * `{ [key: string]: A }` is deferred like any object type.
   */
  mapValue<T>(build: () => T): { value: T; needsLiteral: boolean } {
    const standsInAlias = this.#aliases.size > 0 && this.#position !== "deferred";
    const before = this.#aliasesNamed;
    const value = this.at("deferred", build);
    return { value, needsLiteral: standsInAlias && this.#aliasesNamed > before };
  }

  /**
   * Builds the members of the schemas at `pointers` in place; a schema that reaches one of them
   * again through `allOf` keeps it as a reference (see `isExpanding`) instead of expanding it once
   * more per level.
   */
  expanding<T>(pointers: readonly string[], build: () => T): T {
    const added = pointers.filter((pointer) => !this.#expanding.has(pointer));
    for (const pointer of added) this.#expanding.add(pointer);
    try {
      return build();
    } finally {
      for (const pointer of added) this.#expanding.delete(pointer);
    }
  }

  /** Whether the members of the schema at `pointer` are being built in place around this one. */
  isExpanding(pointer: string): boolean {
    return this.#expanding.has(pointer);
  }

  /** Whether the schema being built is a member of an intersection (an `allOf` branch). */
  get inIntersection(): boolean {
    return this.#position === "intersection";
  }

  /** Builds with the schema standing at `position` of the alias being declared. */
  at<T>(position: "union" | "intersection" | "deferred", build: () => T): T {
    const outer = this.#position;
    this.#position = position;
    try {
      return build();
    } finally {
      this.#position = outer;
    }
  }

  /**
   * What a reference to an alias being declared stands for where it is: named directly in its
   * own union or intersection it means nothing there (`X | A` is `X`, and `X & A` is `X` for the
   * least type), so it is the neutral element; elsewhere `undefined`, keep the reference.
   */
  selfReference(type: NamedType): "never" | "unknown" | undefined {
    if (!this.#aliases.has(type.pointer) || this.#position === "deferred") return undefined;
    return this.#position === "union" ? "never" : "unknown";
  }

  /**
   * Whether a reference to `type` standing here must be built in place: it is another alias that
   * leads back to one being declared through unions and intersections only.
   */
  expandsInPlace(type: NamedType): boolean {
    if (this.#aliases.size === 0 || this.#position === "deferred") return false;
    const { schema, pointer } = type;
    if (!isObject(schema) || interfaceShape(this.loaded, schema as SchemaObject, pointer)) {
      return false;
    }
    return reachesThroughComposition(this.loaded, schema, pointer, this.#aliases);
  }
}
