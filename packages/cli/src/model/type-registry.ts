import { pointerOf } from "../openapi/pointer.js";
import type { OpenAPIDocument } from "../openapi/types.js";
import { compareText } from "./compare.js";
import { NameScope, typeName } from "./names.js";
import type { SchemaInput } from "./schema-input.js";
import type { NamedType } from "./type-expr.js";
import type { Warnings } from "./warnings.js";

/**
 * Names that generated modules import or use and that a type must not shadow: the `@kit/api`
 * imports, `service`, the globals the output (or code using it) refers to, and MSW's names.
 */
export const TAKEN_TYPE_NAMES: readonly string[] = [
  "Api",
  "ContentType",
  "Data",
  "Delete",
  "Get",
  "Head",
  "HeaderValue",
  "KitServer",
  "Method",
  "Options",
  "Params",
  "Patch",
  "Post",
  "Put",
  "Query",
  "ResponseType",
  "Server",
  "Service",
  "Array",
  "Blob",
  "Boolean",
  "Date",
  "File",
  "FormData",
  "Function",
  "Number",
  "Object",
  "Partial",
  "Promise",
  "Record",
  "String",
  "Symbol",
  "Uint8Array",
  // What the MSW handler files import (`--mock msw`).
  "HttpHandler",
  "HttpResponse",
  "HttpResponseResolver",
];

export interface TypeRegistryOptions {
  /** Further names to keep free, e.g. the API class names. */
  reserved?: Iterable<string>;
  warnings: Warnings;
}

/**
 * Assigns type names. Component schemas are named up front in sorted key order, so a
 * name never depends on which operations or tags were generated; inline objects are named when
 * first met. A name that is taken gets a numeric suffix and one warning.
 */
export class TypeRegistry {
  readonly #names = new NameScope();
  readonly #byPointer = new Map<string, NamedType>();
  readonly #warnings: Warnings;

  constructor(document: OpenAPIDocument, options: TypeRegistryOptions) {
    this.#warnings = options.warnings;
    for (const name of TAKEN_TYPE_NAMES) this.#names.reserve(name);
    for (const name of options.reserved ?? []) this.#names.reserve(name);
    const schemas = document.components?.schemas ?? {};
    for (const key of Object.keys(schemas).sort(compareText)) {
      this.#add(pointerOf("components", "schemas", key), typeName(key, "Schema"), schemas[key]!);
    }
  }

  /** The named type whose definition is at `pointer`, if any. */
  get(pointer: string): NamedType | undefined {
    return this.#byPointer.get(pointer);
  }

  /** Names the inline schema at `pointer` (once; later calls return the same type). */
  nameInline(pointer: string, base: string, schema: SchemaInput): NamedType {
    return this.#byPointer.get(pointer) ?? this.#add(pointer, base, schema);
  }

  /** Claims a free name close to `base` for the type at `pointer`; one warning when it is taken. */
  claim(base: string, pointer: string): string {
    const name = this.#names.claim(base);
    if (name !== base) {
      this.#warnings.add(
        `type name "${base}" is already taken (by an import, a global or another type); using "${name}"`,
        pointer,
      );
    }
    return name;
  }

  #add(pointer: string, base: string, schema: SchemaInput): NamedType {
    const type: NamedType = { name: this.claim(base, pointer), pointer, schema };
    this.#byPointer.set(pointer, type);
    return type;
  }
}
