import { createRequire } from "node:module";
import type RandExp from "randexp";
import type { Schema, State } from "./example-state.js";
import { NoValue } from "./no-value.js";
import { patternMinLength } from "./pattern-length.js";
import { safePattern } from "./safe-pattern.js";
import { formatCheck } from "./schema-check.js";

// The example generator's strings and numbers: formats, patterns (through randexp), lengths and
// bounds.

const require = createRequire(import.meta.url);

/** randexp loads with the first pattern drawn: `kit generate` without `--mock` never needs it. */
let randExpClass: typeof RandExp | undefined;

/** Longest generated string: a larger `minLength` is not met (the value is then invalid). */
export const MAX_STRING = 4096;

/** A pattern repetition `{n}` above this is not drawn (it would build a string of n characters). */
const MAX_REPEAT = 1000;

const FORMATS: Record<string, string> = {
  "date-time": "2024-05-06T07:08:09Z",
  date: "2024-05-06",
  time: "07:08:09Z",
  duration: "P1D",
  uuid: "0b6a8f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
  email: "kit@example.com",
  "idn-email": "kit@example.com",
  uri: "https://example.com/kit",
  "uri-reference": "/kit",
  iri: "https://example.com/kit",
  url: "https://example.com/kit",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  byte: "a2l0",
  base64: "a2l0",
  password: "kit-secret",
  regex: "^kit$",
  "json-pointer": "/kit",
};

export function stringValue(state: State, schema: Schema, at: string): string {
  const format = typeof schema.format === "string" ? FORMATS[schema.format] : undefined;
  if (state.strict && typeof schema.pattern === "string" && schema.maxLength !== undefined) {
    const least = patternMinLength(schema.pattern);
    if (least !== undefined && least > schema.maxLength)
      throw new NoValue(
        at,
        `its pattern ${schema.pattern} needs at least ${least} characters, more than its maxLength ${schema.maxLength}`,
        true,
      );
  }
  let text: string | undefined;
  const compiled = typeof schema.pattern === "string" ? compilePattern(schema.pattern) : undefined;
  if (typeof schema.pattern === "string") {
    // A draw from the pattern rarely meets the format too (Graph's date-times, upper-case UUIDs):
    // the format's own value, or its upper-case form, is taken when the pattern accepts it.
    text =
      compiled === undefined
        ? undefined
        : ([format, format?.toUpperCase()].find(
            (candidate) => candidate !== undefined && compiled.tester.test(candidate),
          ) ?? fromPattern(compiled, seedOf(state, at), schema.minLength, schema.maxLength));
  }
  text ??= format ?? `kit-${seedOf(state, at).toString(36).slice(0, 4)}`;
  const min = schema.minLength ?? 0;
  if (text.length < min) text = lengthened(text, schema.format, Math.min(min, MAX_STRING));
  if (text.length > MAX_STRING) text = text.slice(0, MAX_STRING);
  state.size.used += text.length;
  if (schema.maxLength !== undefined && text.length > schema.maxLength) {
    text = text.slice(0, schema.maxLength);
  }
  if (state.strict && compiled !== undefined && !compiled.tester.test(text))
    throw new NoValue(
      at,
      `no string found that matches its pattern ${schema.pattern} within its length bounds`,
      false,
    );
  // A drawn string may break the format beside the pattern (Graph's `time` whose pattern has no
  // zone): checked where the validator is given, by the formats it checks.
  if (
    state.check !== undefined &&
    state.strict &&
    compiled !== undefined &&
    typeof schema.format === "string" &&
    formatCheck(schema.format, text) === false
  )
    throw new NoValue(
      at,
      `no string found that matches both its pattern ${schema.pattern} and its format ${schema.format}`,
      false,
    );
  return text;
}

/**
 * `text` made `length` characters long where its format still holds: a date-time gets digits of
 * a second's fraction (Unicourt's `minLength: 25`), an e-mail address a longer local part, other
 * text (URIs, names) trailing `k`s.
 */
function lengthened(text: string, format: unknown, length: number): string {
  const missing = length - text.length;
  if (format === "date-time" && text.endsWith("Z") && missing >= 2)
    return `${text.slice(0, -1)}.${"0".repeat(missing - 1)}Z`;
  const at = text.indexOf("@");
  if ((format === "email" || format === "idn-email") && at > 0)
    return `${text.slice(0, at)}${"k".repeat(missing)}${text.slice(at)}`;
  return text.padEnd(length, "k");
}

/**
 * A string matching `expression` within the length bounds, or undefined when randexp cannot draw
 * one. A random draw that is too short is drawn again taking every repetition to its
 * bound, which reaches `minLength` for the usual `^[0-9a-f]+$` with a fixed length.
 */
function fromPattern(
  { expression, tester }: Compiled,
  seed: number,
  minLength = 0,
  maxLength = Number.POSITIVE_INFINITY,
): string | undefined {
  try {
    const random = mulberry32(seed);
    const fits = (text: string) =>
      text.length >= minLength && text.length <= maxLength && tester.test(text);
    const draw = (pick: (low: number, high: number) => number, max: number) => {
      randExpClass ??= require("randexp") as typeof RandExp;
      const generator = new randExpClass(expression);
      generator.max = max;
      generator.randInt = pick;
      return generator.gen();
    };
    const text = draw((low, high) => low + Math.floor(random() * (high - low + 1)), 8);
    if (fits(text)) return text;
    // randexp repeats `x+` up to its minimum plus `max`, so one correction reaches the length.
    const bound = Math.min(Math.max(minLength, 8), maxLength, MAX_STRING);
    const pickHighest = (_low: number, high: number) => high;
    let longest = draw(pickHighest, bound);
    if (longest.length > bound)
      longest = draw(pickHighest, Math.max(0, 2 * bound - longest.length));
    if (fits(longest)) return longest;
    // A repetition that draws several characters each (AWS's `^(?:[0-9a-fA-F]{2})+$`) reaches
    // the length at a fraction of the bound.
    for (let share = 2; share <= 8; share++) {
      const drawn = draw(pickHighest, Math.ceil(bound / share));
      if (fits(drawn)) return drawn;
    }
    return tester.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

interface Compiled {
  /** What randexp draws from. */
  expression: RegExp;
  /** What a drawn or known value is tested with, without risking catastrophic backtracking. */
  tester: { test(text: string): boolean };
}

/**
 * The pattern as JavaScript reads it; undefined for one it does not, or one that repeats
 * something more than `MAX_REPEAT` times (a draw would be that long).
 */
function compilePattern(pattern: string): Compiled | undefined {
  const repeats = [...pattern.matchAll(/\{(\d+)/g)].map((match) => Number(match[1]));
  if (repeats.some((count) => count > MAX_REPEAT)) return undefined;
  try {
    return { expression: new RegExp(pattern, "u"), tester: safePattern(pattern, "u", () => {}) };
  } catch {
    return undefined;
  }
}

/** 3.1 writes an exclusive bound as a number; 3.0 as `true` beside the inclusive one. */
function boundOf(exclusive: unknown, inclusive: unknown): number | undefined {
  if (typeof exclusive === "number") return exclusive;
  return typeof inclusive === "number" ? inclusive : undefined;
}

export function numberValue(schema: Schema, integer: boolean): number {
  const lowBound = boundOf(schema.exclusiveMinimum, schema.minimum);
  const highBound = boundOf(schema.exclusiveMaximum, schema.maximum);
  const lowExclusive =
    typeof schema.exclusiveMinimum === "number" || schema.exclusiveMinimum === true;
  const highExclusive =
    typeof schema.exclusiveMaximum === "number" || schema.exclusiveMaximum === true;
  const step =
    typeof schema.multipleOf === "number" && schema.multipleOf > 0
      ? schema.multipleOf
      : integer
        ? 1
        : 1;
  let value = lowBound ?? Math.min(1, highBound ?? 1);
  value = Math.ceil(value / step) * step;
  if (lowExclusive && lowBound !== undefined && value <= lowBound) value += step;
  if (highBound !== undefined && (value > highBound || (highExclusive && value >= highBound))) {
    value = Math.floor(highBound / step) * step;
    if (highExclusive && value >= highBound) value -= step;
  }
  // No whole step fits between exclusive bounds (zalando's tax rate, between 0 and 1): a number
  // without `multipleOf` takes the middle.
  const tooLow = lowBound !== undefined && (lowExclusive ? value <= lowBound : value < lowBound);
  if (!integer && tooLow && highBound !== undefined && schema.multipleOf === undefined)
    value = (lowBound + highBound) / 2;
  return integer ? Math.round(value) : value;
}

/** A seed for one place of the schema: the same place always gets the same values. */
function seedOf(state: State, pointer: string): number {
  let hash = 0x811c9dc5 ^ state.seed;
  for (let index = 0; index < pointer.length; index++) {
    hash ^= pointer.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
