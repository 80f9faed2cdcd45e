import { createRequire } from "node:module";
import type { Format } from "ajv";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import type addFormats from "ajv-formats";
import type { fullFormats } from "ajv-formats/dist/formats.js";
import { isObject } from "../openapi/is-object.js";
import { documentValue } from "../openapi/refs.js";
import type { OpenAPIDocument } from "../openapi/types.js";
import type { Direction } from "./json-schema.js";
import { safePattern } from "./safe-pattern.js";
import { SchemaClosure } from "./schema-closure.js";

const DOCUMENT_ID = "kit:document";

const require = createRequire(import.meta.url);
/**
 * Ajv loads with the first schema compiled: `kit generate --mock msw` checks its answers, and
 * importing it must not cost every other `kit generate` run, nor a run whose answers the quick
 * reading (mock/sure-check.ts) finds valid.
 */
let ajv2020: typeof Ajv2020 | undefined;
let formats: Record<string, Format> | undefined;

/** OpenAPI's own formats, over ajv-formats' full set: `byte` is base64, the rest are annotations. */
const OPENAPI_FORMATS: Record<string, Format> = {
  byte: /^[\w+/=\s-]*$/,
  int32: true,
  int64: true,
  float: true,
  double: true,
  binary: true,
  password: true,
  base64: true,
};

/** The formats Ajv checks, by name (ajv-formats' own module, which does not load Ajv). */
function knownFormats(): Record<string, Format> {
  formats ??= {
    ...(require("ajv-formats/dist/formats.js") as { fullFormats: typeof fullFormats }).fullFormats,
    ...OPENAPI_FORMATS,
  };
  return formats;
}

/**
 * Whether `value` meets the format `name` as Ajv checks it (`undefined`: only Ajv can say). An
 * unknown format checks nothing, as with Ajv's `strict: false`.
 */
export type FormatCheck = (name: string, value: unknown) => boolean | undefined;

export const formatCheck: FormatCheck = (name, value) => {
  // Ajv reads its table as a plain object, so a name such as `constructor` finds a function.
  if (name in Object.prototype) return undefined;
  const table = knownFormats();
  if (!Object.hasOwn(table, name)) return true;
  const format = table[name]!;
  if (format === true) return true;
  if (format instanceof RegExp || typeof format === "string" || typeof format === "function") {
    if (typeof value !== "string") return true;
    if (typeof format === "string") return undefined;
    return format instanceof RegExp ? format.test(value) : format(value);
  }
  if (format.async === true) return undefined;
  if (typeof value !== (format.type ?? "string")) return true;
  const { validate } = format;
  if (typeof validate === "string") return undefined;
  return validate instanceof RegExp
    ? validate.test(value as string)
    : (validate as (data: unknown) => boolean)(value);
};

/** One way a value breaks its schema: where in the value (a JSON pointer) and what. */
export interface SchemaViolation {
  path: string;
  message: string;
}

/**
 * Checks values against the schemas of one document, found by JSON pointer, with Ajv's 2020-12
 * validator. Each pointer is compiled when first asked for, from the `SchemaClosure` of the
 * schemas asked for so far (each schema and what its `$ref`s reach, converted to 2020-12 for the
 * request side unless told), never from the whole document. `coerce` reads strings as the numbers, booleans and arrays their schema
 * asks for: how parameters and form fields arrive. Compiled schemas are kept per pointer.
 */
export class SchemaCheck {
  #strict: Ajv2020 | undefined;
  #coercing: Ajv2020 | undefined;
  readonly #compiled = new Map<string, ValidateFunction | Error>();

  readonly #notice: (line: string) => void;
  readonly #told = new Set<string>();
  readonly #closure: SchemaClosure;

  /** `notice` hears, once each, what cannot be checked (a schema Ajv refuses, a risky pattern). */
  constructor(
    document: OpenAPIDocument,
    notice: (line: string) => void = () => {},
    direction: Direction = "request",
  ) {
    this.#notice = (line) => {
      if (this.#told.has(line)) return;
      this.#told.add(line);
      notice(line);
    };
    this.#closure = new SchemaClosure(document, direction, this.#notice);
  }

  /**
   * The schema at `pointer` as Ajv reads it (2020-12), placed with what its `$ref`s reach in
   * `root`, where those `$ref`s resolve. Nothing is compiled.
   */
  schemaAt(pointer: string): { schema: unknown; root: Record<string, unknown> } {
    this.#closure.add(pointer);
    const { root } = this.#closure;
    return { schema: documentValue(root as OpenAPIDocument, pointer), root };
  }

  /** The validator, made (and Ajv loaded) when first needed. */
  #ajv(coerce: boolean): Ajv2020 {
    let ajv = coerce ? this.#coercing : this.#strict;
    if (ajv === undefined) {
      ajv = newAjv(coerce ? "array" : false, this.#notice);
      // Both read the same growing document, which holds what the schemas asked for so far.
      ajv.addSchema(Object.assign(this.#closure.root, { $id: DOCUMENT_ID }));
      if (coerce) this.#coercing = ajv;
      else this.#strict = ajv;
    }
    return ajv;
  }

  /** Problems of `value` against the schema at `pointer` (empty when valid). Coercion changes `value` in place. */
  problems(value: unknown, pointer: string, coerce = false): string[] {
    return this.violations(value, pointer, coerce).map(({ path, message }) =>
      path === "" ? `the value ${message}` : `${path} ${message}`,
    );
  }

  /** The same problems, each with the JSON pointer of the offending part of `value` (`""`: all of it). */
  violations(value: unknown, pointer: string, coerce = false): SchemaViolation[] {
    const key = `${coerce ? "c" : "s"}${pointer}`;
    let validate = this.#compiled.get(key);
    if (validate === undefined) {
      try {
        const ajv = this.#ajv(coerce);
        this.#closure.add(pointer);
        // Ajv keeps what it compiles by reference, so a response's schema that only names a
        // component is compiled as that component, and is not compiled again where another
        // schema's `$ref` reaches it.
        const target = referenceEnd(this.#closure.root, pointer);
        validate =
          ajv.getSchema(`${DOCUMENT_ID}#${target}`) ??
          new Error(`can't resolve reference ${target}`);
      } catch (error) {
        validate = error as Error;
      }
      this.#compiled.set(key, validate);
    }
    if (validate instanceof Error) {
      // Never stricter than the document: what cannot be compiled is not checked, and said once.
      this.#notice(`${pointer}: not checked, the schema cannot be compiled (${validate.message})`);
      return [];
    }
    if (passes(validate, value, () => this.#notice(`${pointer}: not checked, ${SELF_HOLDING}`)))
      return [];
    return (validate.errors ?? []).slice(0, 3).map((error) => ({
      path: error.instancePath,
      message: error.message ?? "is invalid",
    }));
  }
}

/**
 * A schema that applies itself again without reading the value (`RecursiveObject: {allOf: [{$ref:
 * RecursiveObject}, …]}`, as oapi-codegen's test documents have) recurses in Ajv until the stack
 * overflows; such a value is passed, as a schema that cannot be compiled is.
 */
const SELF_HOLDING = "the schema applies itself again without reading the value";

function passes(validate: ValidateFunction, value: unknown, onOverflow: () => void): boolean {
  try {
    return validate(value) as boolean;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    onOverflow();
    return true;
  }
}
function newAjv(coerceTypes: false | "array", notice: (line: string) => void): Ajv2020 {
  ajv2020 ??= (require("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020 }).Ajv2020;
  const ajv = new ajv2020({
    strict: false,
    validateSchema: false,
    allErrors: false,
    coerceTypes,
    logger: false,
    // Documents' own keywords (`example`, `discriminator`, `x-…`) are annotations here.
    discriminator: false,
    inlineRefs: false,
    code: {
      optimize: false,
      regExp: Object.assign(
        (pattern: string, flags: string) => safePattern(pattern, flags, notice),
        { code: "safePattern" },
      ),
    },
  });
  (require("ajv-formats") as typeof addFormats).default(ajv);
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

/**
 * Where a chain of schemas that hold nothing but a local `$ref` ends, as the fragment those
 * `$ref`s spell (`pointer` as a fragment when its schema holds more).
 */
function referenceEnd(root: Record<string, unknown>, pointer: string): string {
  let target = fragment(pointer);
  let schema = documentValue(root as OpenAPIDocument, pointer);
  for (let step = 0; step < 32; step++) {
    if (!isObject(schema) || Object.keys(schema).length !== 1) break;
    const ref = schema.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/")) break;
    target = ref.slice(1);
    let decoded: string;
    try {
      decoded = decodeURIComponent(ref);
    } catch {
      break;
    }
    schema = documentValue(root as OpenAPIDocument, decoded);
  }
  return target;
}

/** A JSON pointer as a URI fragment: each segment percent-encoded, `/` kept. */
function fragment(pointer: string): string {
  return pointer
    .replace(/^#/, "")
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}
