import { isObject } from "../openapi/is-object.js";
import { pointerSegments } from "../openapi/pointer.js";
import { type PatternTester, safePattern } from "../wire/safe-pattern.js";
import type { FormatCheck } from "../wire/schema-check.js";

/** `true`: valid for sure, `false`: invalid for sure, `undefined`: only Ajv can tell. */
type Verdict = boolean | undefined;

/**
 * Keywords Ajv 2020 checks that this reading leaves to Ajv: a schema with one of them is not
 * decided here. Ajv's other keywords are read below, or are annotations (`title`, `default`,
 * `readOnly`, `contentMediaType`, …) that check nothing.
 */
export const LEFT_TO_AJV: ReadonlySet<string> = new Set([
  "$async",
  "$dynamicAnchor",
  "$dynamicRef",
  "$recursiveAnchor",
  "$recursiveRef",
  "$schema",
  "$id",
  "$vocabulary",
  "id",
  "nullable",
  "propertyNames",
  "dependencies",
  "patternProperties",
  "prefixItems",
  "additionalItems",
  "contains",
  "dependentRequired",
  "dependentSchemas",
  "maxContains",
  "minContains",
  "unevaluatedProperties",
  "unevaluatedItems",
  "formatMaximum",
  "formatMinimum",
  "formatExclusiveMaximum",
  "formatExclusiveMinimum",
]);

/** Deeper than this (a `$ref` circle that consumes no data, or very deep data), Ajv decides. */
const DEPTH = 256;

/**
 * A quick reading of the JSON Schema 2020-12 that `SchemaCheck` gives Ajv, for the answers
 * `kit generate --mock msw` checks: it says whether a value is valid where the schema uses only
 * the common keywords, with Ajv's exact semantics for them (its `type` tests, `ucs2length`,
 * `data[name] === undefined` as a missing property, `for…in` for additional properties, the
 * same formats and the same `safePattern`), and says nothing elsewhere. Only "valid for sure"
 * is used: anything else goes to Ajv, which gives the message. Ajv compiles a schema and the
 * closure of its `$ref`s per answer; reading the schema as data costs a small part of that.
 */
export class SureCheck {
  readonly #root: Record<string, unknown>;
  readonly #format: FormatCheck;
  readonly #notice: (line: string) => void;
  readonly #patterns = new Map<string, PatternTester>();
  /** Each `$ref` read so far and the schema it names (the closure places a schema once). */
  readonly #targets = new Map<string, unknown>();

  /** `root` holds the converted schemas at their pointers, where `$ref`s resolve. */
  constructor(
    root: Record<string, unknown>,
    format: FormatCheck,
    notice: (line: string) => void = () => {},
  ) {
    this.#root = root;
    this.#format = format;
    this.#notice = notice;
  }

  /** Whether `value` is valid against `schema` for sure (`false`: Ajv must say). */
  valid(value: unknown, schema: unknown): boolean {
    return this.#verdict(value, schema, 0) === true;
  }

  #verdict(value: unknown, schema: unknown, depth: number): Verdict {
    if (typeof schema === "boolean") return schema;
    if (!isObject(schema) || depth > DEPTH) return undefined;
    const type = dataType(value);
    if (type === undefined) return undefined;
    let verdict: Verdict = true;
    // Converted schemas have no prototype, so `for…in` reads their own keys only.
    for (const key in schema) {
      if (LEFT_TO_AJV.has(key)) return undefined;
      const own = this.#keyword(key, schema, value, type, depth);
      if (own === false) return false;
      if (own === undefined) verdict = undefined;
    }
    return verdict;
  }

  #keyword(
    key: string,
    schema: Record<string, unknown>,
    value: unknown,
    type: DataType,
    depth: number,
  ): Verdict {
    const keyword = schema[key];
    switch (key) {
      case "$ref":
        return this.#reference(value, keyword, depth);
      case "type":
        return (Array.isArray(keyword) ? keyword : [keyword]).some((name) => isType(value, name));
      case "enum":
        return Array.isArray(keyword) ? member(value, keyword) : undefined;
      case "const":
        return member(value, [keyword]);
      case "allOf":
      case "anyOf":
      case "oneOf":
        return Array.isArray(keyword) ? this.#parts(key, value, keyword, depth) : undefined;
      case "not": {
        const inner = this.#verdict(value, keyword, depth + 1);
        return inner === undefined ? undefined : !inner;
      }
      case "if":
        return this.#conditional(value, schema, depth);
      case "format":
        return typeof keyword === "string" ? this.#format(keyword, value) : undefined;
    }
    if (type === "string") return this.#stringKeyword(key, keyword, value as string);
    if (type === "number") return numberKeyword(key, keyword, value as number);
    if (type === "array") return this.#arrayKeyword(key, keyword, value as unknown[], depth);
    if (type === "object")
      return this.#objectKeyword(key, schema, value as Record<string, unknown>, depth);
    return true;
  }

  /** `allOf`/`anyOf`/`oneOf`: every part, one at least, exactly one. */
  #parts(keyword: string, value: unknown, parts: unknown[], depth: number): Verdict {
    let valid = 0;
    let unknown = false;
    for (const part of parts) {
      const verdict = this.#verdict(value, part, depth + 1);
      if (verdict === undefined) unknown = true;
      else if (verdict) {
        valid++;
        if (keyword === "anyOf") return true;
        if (keyword === "oneOf" && valid > 1) return false;
      } else if (keyword === "allOf") return false;
    }
    if (unknown) return undefined;
    if (keyword === "allOf") return true;
    return keyword === "anyOf" ? valid > 0 : valid === 1;
  }

  /** A local `$ref`, read where `SchemaClosure` placed it; any other is left to Ajv. */
  #reference(value: unknown, ref: unknown, depth: number): Verdict {
    if (typeof ref !== "string") return undefined;
    let target = this.#targets.get(ref);
    if (target === undefined) {
      target = referenceTarget(this.#root, ref);
      this.#targets.set(ref, target);
    }
    return target === NOT_READ ? undefined : this.#verdict(value, target, depth + 1);
  }

  #conditional(value: unknown, schema: Record<string, unknown>, depth: number): Verdict {
    const hasThen = schema.then !== undefined;
    const hasElse = schema.else !== undefined;
    if (!hasThen && !hasElse) return true;
    const condition = this.#verdict(value, schema.if, depth + 1);
    if (condition === undefined) return undefined;
    if (condition) return hasThen ? this.#verdict(value, schema.then, depth + 1) : true;
    return hasElse ? this.#verdict(value, schema.else, depth + 1) : true;
  }

  #stringKeyword(key: string, keyword: unknown, value: string): Verdict {
    switch (key) {
      case "minLength":
        return typeof keyword === "number" ? ucs2length(value) >= keyword : undefined;
      case "maxLength":
        return typeof keyword === "number" ? ucs2length(value) <= keyword : undefined;
      case "pattern":
        return typeof keyword === "string" ? this.#pattern(keyword).test(value) : undefined;
    }
    return true;
  }

  #pattern(source: string): PatternTester {
    let tester = this.#patterns.get(source);
    if (tester === undefined) {
      // Ajv's `unicodeRegExp` default: every pattern is read with the `u` flag.
      tester = safePattern(source, "u", this.#notice);
      this.#patterns.set(source, tester);
    }
    return tester;
  }

  #arrayKeyword(key: string, keyword: unknown, value: unknown[], depth: number): Verdict {
    switch (key) {
      case "minItems":
        return typeof keyword === "number" ? value.length >= keyword : undefined;
      case "maxItems":
        return typeof keyword === "number" ? value.length <= keyword : undefined;
      case "uniqueItems":
        return keyword === true ? uniquePrimitives(value) : keyword === false ? true : undefined;
      case "items": {
        let verdict: Verdict = true;
        for (const item of value) {
          const one = this.#verdict(item, keyword, depth + 1);
          if (one === false) return false;
          if (one === undefined) verdict = undefined;
        }
        return verdict;
      }
    }
    return true;
  }

  #objectKeyword(
    key: string,
    schema: Record<string, unknown>,
    value: Record<string, unknown>,
    depth: number,
  ): Verdict {
    const keyword = schema[key];
    switch (key) {
      case "required":
        if (!Array.isArray(keyword) || keyword.some((name) => typeof name !== "string"))
          return undefined;
        return keyword.every((name) => value[name] !== undefined);
      case "minProperties":
        return typeof keyword === "number" ? Object.keys(value).length >= keyword : undefined;
      case "maxProperties":
        return typeof keyword === "number" ? Object.keys(value).length <= keyword : undefined;
      case "properties": {
        if (!isObject(keyword) || Object.hasOwn(keyword, "__proto__")) return undefined;
        let verdict: Verdict = true;
        for (const name of Object.keys(keyword)) {
          // Ajv's test for a property that is present.
          const item = value[name];
          if (item === undefined) continue;
          const one = this.#verdict(item, keyword[name], depth + 1);
          if (one === false) return false;
          if (one === undefined) verdict = undefined;
        }
        return verdict;
      }
      case "additionalProperties": {
        const declared = isObject(schema.properties) ? schema.properties : {};
        if (Object.hasOwn(declared, "__proto__")) return undefined;
        let verdict: Verdict = true;
        // Ajv goes through the value's keys with `for…in`, as here.
        for (const name in value) {
          if (Object.hasOwn(declared, name)) continue;
          const one = this.#verdict(value[name], keyword, depth + 1);
          if (one === false) return false;
          if (one === undefined) verdict = undefined;
        }
        return verdict;
      }
    }
    return true;
  }
}

/** A `$ref` this reading does not follow. */
const NOT_READ = Symbol("not read");

/** The schema a local `$ref` names in `root`, or `NOT_READ`. */
function referenceTarget(root: Record<string, unknown>, ref: string): unknown {
  if (!ref.startsWith("#/")) return NOT_READ;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref);
  } catch {
    return NOT_READ;
  }
  let node: unknown = root;
  for (const segment of pointerSegments(pointer)) {
    // A schema with an `$id` on the way changes the base its own `$ref`s resolve against.
    if (node !== root && isObject(node) && "$id" in node) return NOT_READ;
    if (!isObject(node) || !Object.hasOwn(node, segment)) return NOT_READ;
    node = node[segment];
  }
  return node;
}

type DataType = "null" | "boolean" | "number" | "string" | "array" | "object";

function dataType(value: unknown): DataType | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "number":
      return "number";
    case "string":
      return "string";
    case "object":
      return "object";
  }
  return undefined;
}

/** Ajv's type tests (`strictNumbers` off, its default). */
function isType(value: unknown, name: unknown): boolean {
  switch (name) {
    case "integer":
      return typeof value === "number" && !(value % 1) && !Number.isNaN(value);
    case "number":
      return typeof value === "number";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "string":
    case "boolean":
      return typeof value === name;
  }
  return false;
}

/** `enum`/`const` as fast-deep-equal compares, decided only where no object is compared. */
function member(value: unknown, allowed: unknown[]): Verdict {
  if (typeof value === "object" && value !== null) {
    return allowed.some((item) => typeof item === "object" && item !== null) ? undefined : false;
  }
  // fast-deep-equal counts NaN as equal to NaN.
  return allowed.some((item) => item === value || (Number.isNaN(item) && Number.isNaN(value)));
}

function numberKeyword(key: string, keyword: unknown, value: number): Verdict {
  switch (key) {
    case "minimum":
      return typeof keyword === "number" ? !(value < keyword) : undefined;
    case "maximum":
      return typeof keyword === "number" ? !(value > keyword) : undefined;
    case "exclusiveMinimum":
      return typeof keyword === "number" ? !(value <= keyword) : undefined;
    case "exclusiveMaximum":
      return typeof keyword === "number" ? !(value >= keyword) : undefined;
    case "multipleOf": {
      if (typeof keyword !== "number") return undefined;
      if (keyword === 0) return false;
      // Ajv's test, `parseInt` of the ratio included.
      const ratio = value / keyword;
      return ratio === Number.parseInt(String(ratio), 10);
    }
  }
  return true;
}

/** `uniqueItems` where every item is a string, boolean, null or number other than NaN. */
function uniquePrimitives(items: unknown[]): Verdict {
  const seen = new Set<unknown>();
  for (const item of items) {
    if (typeof item === "object" && item !== null) return undefined;
    // Ajv keys its index by item, where `"__proto__"` is never found again.
    if ((typeof item === "number" && Number.isNaN(item)) || item === "__proto__") return undefined;
    if (seen.has(item)) return false;
    seen.add(item);
  }
  return true;
}

/** A string's length in code points, as Ajv counts it for `minLength`/`maxLength`. */
function ucs2length(text: string): number {
  let length = 0;
  let position = 0;
  while (position < text.length) {
    length++;
    const code = text.charCodeAt(position++);
    if (code >= 0xd800 && code <= 0xdbff && position < text.length) {
      if ((text.charCodeAt(position) & 0xfc00) === 0xdc00) position++;
    }
  }
  return length;
}
