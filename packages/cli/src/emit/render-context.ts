import { interfaceShape, reachesThroughComposition } from "../model/alias-cycle.js";
import type { NamedType, TypeRegistry } from "../model/type-registry.js";
import type { Warnings } from "../model/warnings.js";
import { isObject } from "../openapi/is-object.js";
import type { LoadedDocument } from "../openapi/load.js";
import type { SchemaObject } from "../openapi/types.js";
import type { EnvelopeKeys } from "../options.js";
import { unionOf } from "./schema/type-text.js";

/**
 * What printing types inside one generated file needs: the registry that names types, the tag
 * whose file new types go to, and the type imports the file collects as it is printed.
 */
export class RenderContext {
  readonly loaded: LoadedDocument;
  readonly registry: TypeRegistry;
  readonly warnings: Warnings;
  /** The tag file types first used here are declared in. */
  readonly home: string;
  /** The envelope keys methods are planned with; absent when responses are typed as written. */
  readonly envelope: EnvelopeKeys | undefined;
  /** How many schemas enclose the one being printed; see `MAX_SCHEMA_DEPTH`. */
  depth = 0;
  /**
   * The type alias being declared, and where the schema being printed stands in it: directly in
   * a union or an intersection of its right-hand side, or deferred inside an object member or an
   * array item. A direct reference to the alias itself does not compile (`type A = X | A`).
   */
  readonly #aliases = new Set<string>();
  #position: "union" | "intersection" | "deferred" = "deferred";
  /** How often an alias being declared was printed by name (where TypeScript defers it). */
  #aliasesPrinted = 0;
  readonly #imports = new Map<string, Set<string>>();
  /** Imports in the order they were first recorded, so a union can take its own back. */
  readonly #recorded: [specifier: string, name: string][] = [];
  readonly #moduleFor: (file: string) => string | undefined;

  /** `moduleFor` gives the import specifier of a tag file, undefined for the file being printed. */
  constructor(
    loaded: LoadedDocument,
    registry: TypeRegistry,
    warnings: Warnings,
    home: string,
    moduleFor: (file: string) => string | undefined,
    envelope?: EnvelopeKeys,
  ) {
    this.loaded = loaded;
    this.registry = registry;
    this.warnings = warnings;
    this.home = home;
    this.envelope = envelope;
    this.#moduleFor = moduleFor;
  }

  /** For `apis/<home>.api.ts`: types live in `../types/`. */
  static forApiFile(
    loaded: LoadedDocument,
    registry: TypeRegistry,
    warnings: Warnings,
    home: string,
    envelope?: EnvelopeKeys,
  ) {
    return new RenderContext(
      loaded,
      registry,
      warnings,
      home,
      (file) => `../types/${file}`,
      envelope,
    );
  }

  /** For `types/<home>.ts`: siblings are imported from `./`, own types need no import. */
  static forTypeFile(
    loaded: LoadedDocument,
    registry: TypeRegistry,
    warnings: Warnings,
    home: string,
  ) {
    return new RenderContext(loaded, registry, warnings, home, (file) =>
      file === home ? undefined : `./${file}`,
    );
  }

  /** The name to print for a named type, importing it when it lives in another file. */
  reference(type: NamedType): string {
    if (this.#aliases.has(type.pointer)) this.#aliasesPrinted++;
    this.registry.use(type, this.home);
    const specifier = this.#moduleFor(type.file!);
    if (specifier !== undefined) {
      const names = this.#imports.get(specifier) ?? new Set<string>();
      this.#imports.set(specifier, names);
      if (!names.has(type.name)) {
        names.add(type.name);
        this.#recorded.push([specifier, type.name]);
      }
    }
    return type.name;
  }

  /**
   * The union of the types `render` prints. When one branch absorbs the others (`unknown`), their
   * text is gone, so the imports only they needed are dropped: noUnusedLocals rejects them.
   */
  /**
   * Prints the right-hand side of the alias `type` (also one expanded in place inside another
   * alias, see `expandsInPlace`), with references back to it printed as neutral elements.
   */
  aliasBody<T>(type: NamedType, render: () => T): T {
    this.#aliases.add(type.pointer);
    try {
      return this.at("union", render);
    } finally {
      this.#aliases.delete(type.pointer);
    }
  }

  /**
   * Renders a map's value type and says whether the map must be an object literal type: as a
   * direct part of an alias, `Record<string, A>` naming the alias itself is circular, while
   * `{ [key: string]: A }` is deferred like any object type.
   */
  mapValue(render: () => string): { value: string; needsLiteral: boolean } {
    const standsInAlias = this.#aliases.size > 0 && this.#position !== "deferred";
    const before = this.#aliasesPrinted;
    const value = this.at("deferred", render);
    return { value, needsLiteral: standsInAlias && this.#aliasesPrinted > before };
  }

  /** Renders with the schema standing at `position` of the alias being declared. */
  at<T>(position: "union" | "intersection" | "deferred", render: () => T): T {
    const outer = this.#position;
    this.#position = position;
    try {
      return render();
    } finally {
      this.#position = outer;
    }
  }

  /**
   * What a reference to an alias being declared prints as where it stands: named directly in its
   * own union or intersection it means nothing there (`X | A` is `X`, and `X & A` is `X` for the
   * least type), so it prints as the neutral element; elsewhere `undefined`, print the reference.
   */
  selfReference(type: NamedType): "never" | "unknown" | undefined {
    if (!this.#aliases.has(type.pointer) || this.#position === "deferred") return undefined;
    return this.#position === "union" ? "never" : "unknown";
  }

  /**
   * Whether a reference to `type` standing here must be printed in place: it is another alias that
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

  union(render: () => string[]): string {
    const mark = this.#recorded.length;
    const text = unionOf(render());
    if (text === "unknown") {
      for (const [specifier, name] of this.#recorded.splice(mark)) {
        const names = this.#imports.get(specifier)!;
        names.delete(name);
        if (names.size === 0) this.#imports.delete(specifier);
      }
    }
    return text;
  }

  /** Imported type names by module specifier. */
  get imports(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.#imports;
  }
}
