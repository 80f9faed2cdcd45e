import { createRequire } from "node:module";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import type addFormats from "ajv-formats";
import type { OpenAPIDocument } from "../openapi/types.js";
import type { Direction } from "./json-schema.js";
import { safePattern } from "./safe-pattern.js";
import { SchemaClosure } from "./schema-closure.js";

const DOCUMENT_ID = "kit:document";

const require = createRequire(import.meta.url);
/**
 * Ajv loads with the first checker: `kit generate --mock msw` checks its answers, and importing
 * it must not cost every other `kit generate` run.
 */
let ajvModules: { Ajv2020: typeof Ajv2020; addFormats: typeof addFormats } | undefined;

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
  readonly #strict: Ajv2020;
  readonly #coercing: Ajv2020;
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
    this.#strict = newAjv(false, this.#notice);
    this.#coercing = newAjv("array", this.#notice);
    this.#closure = new SchemaClosure(document, direction, this.#notice);
    // Both read the same growing document, which holds what the schemas asked for so far.
    const root = Object.assign(this.#closure.root, { $id: DOCUMENT_ID });
    this.#strict.addSchema(root);
    this.#coercing.addSchema(root);
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
        const ajv = coerce ? this.#coercing : this.#strict;
        this.#closure.add(pointer);
        validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${fragment(pointer)}` });
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
  ajvModules ??= {
    Ajv2020: (require("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020 }).Ajv2020,
    addFormats: require("ajv-formats") as typeof addFormats,
  };
  const ajv = new ajvModules.Ajv2020({
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
  ajvModules.addFormats.default(ajv);
  // OpenAPI's own formats: `byte` is base64, the rest are annotations.
  ajv.addFormat("byte", /^[\w+/=\s-]*$/);
  for (const format of ["int32", "int64", "float", "double", "binary", "password", "base64"])
    ajv.addFormat(format, true);
  return ajv;
}

/** A JSON pointer as a URI fragment: each segment percent-encoded, `/` kept. */
function fragment(pointer: string): string {
  return pointer
    .replace(/^#/, "")
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}
