import { formValue } from "./query.js";

/**
 * How one field of a form or multipart body is written: OpenAPI's Encoding Object. `style` and
 * `explode` apply to `application/x-www-form-urlencoded`, `contentType` to both.
 */
export interface KitFieldEncoding {
  style?: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  explode?: boolean;
  contentType?: string;
}

export type KitFieldEncodings = Readonly<Record<string, KitFieldEncoding>>;

/** Writes one urlencoded field's pairs: compiled once from its encoding. */
type FieldPairs = (key: string, value: unknown, pairs: [string, string][]) => void;

/** One field's encoding, compiled: its urlencoded pairs, and its multipart part's type. */
export interface FieldEncoder {
  readonly pairs: FieldPairs;
  readonly contentType: string | undefined;
}

/** The `@Data(name, encoding)` fields' encoders by name. */
export type FieldEncoders = Readonly<Record<string, FieldEncoder>>;

const SEPARATORS = { form: ",", spaceDelimited: " ", pipeDelimited: "|" } as const;

/**
 * Compiles a field's encoding, as OpenAPI serializes it (default style `form`, `explode: true`):
 * an array repeats the key, an object gives one pair per property (`{ plan: "gold" }` →
 * `plan=gold`), `deepObject` names the path (`metadata[plan]=gold`, `items[0][price]=p`),
 * `explode: false` joins with the style's separator, and a `contentType` of JSON sends the value
 * as JSON.
 */
export function fieldEncoder(encoding: KitFieldEncoding): FieldEncoder {
  const { contentType } = encoding;
  return { pairs: fieldPairs(encoding), contentType };
}

function fieldPairs({ style = "form", explode, contentType }: KitFieldEncoding): FieldPairs {
  if (contentType !== undefined && /json/i.test(contentType)) {
    return (key, value, pairs) => {
      pairs.push([key, JSON.stringify(value)]);
    };
  }
  if (style === "deepObject") return deepPairs;
  const separator = SEPARATORS[style];
  if (explode ?? style === "form") return explodedPairs;
  return (key, value, pairs) => {
    const items = Array.isArray(value)
      ? value.filter((item) => item != null).map(formValue)
      : isObjectValue(value)
        ? objectItems(value)
        : undefined;
    if (items === undefined) pairs.push([key, formValue(value)]);
    else if (items.length > 0) pairs.push([key, items.join(separator)]);
  };
}

/** OpenAPI's default for a field: an array repeats the key, an object gives its own pairs. */
function explodedPairs(key: string, value: unknown, pairs: [string, string][]): void {
  if (Array.isArray(value)) {
    for (const item of value) if (item != null) pairs.push([key, formValue(item)]);
  } else if (isObjectValue(value)) {
    const items = objectItems(value);
    for (let i = 0; i < items.length; i += 2) pairs.push([items[i]!, items[i + 1]!]);
  } else {
    pairs.push([key, formValue(value)]);
  }
}

/**
 * The pairs of a urlencoded body, field by field, each as its encoder writes it, else as
 * OpenAPI's default (`form`, `explode: true`). `undefined` and `null` are left out.
 */
export function formBodyPairs(
  fields: Readonly<Record<string, unknown>>,
  encoders: FieldEncoders,
): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key in fields) {
    const value = fields[key];
    if (value == null) continue;
    (Object.hasOwn(encoders, key) ? encoders[key]!.pairs : explodedPairs)(key, value, pairs);
  }
  return pairs;
}

/** `deepObject` pairs of one value: `f[a]=1`, `f[a][b]=2`, `f[0]=x`; `null` and `undefined` left out. */
export function deepPairs(path: string, value: unknown, pairs: [string, string][]): void {
  if (value == null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      deepPairs(`${path}[${index}]`, item, pairs);
    });
  } else if (isObjectValue(value)) {
    for (const [name, item] of Object.entries(value)) deepPairs(`${path}[${name}]`, item, pairs);
  } else {
    pairs.push([path, formValue(value)]);
  }
}

/**
 * An object sent as one value (OpenAPI `explode: false`): its keys and values in turn, as OpenAPI's
 * style table shows them (`R,100,G,200` joined); a `null` or `undefined` value is left out with
 * its key.
 */
export function objectItems(value: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(value)
    .filter(([, item]) => item != null)
    .flatMap(([key, item]) => [key, formValue(item)]);
}

/** A value with properties to spread: not a Date, Blob or other value sent as one string. */
export function isObjectValue(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !(value instanceof Date);
}

/**
 * A multipart body from fields: an array is one part per item, a `Blob` a file part, an object a
 * JSON part (OpenAPI's default `contentType` for objects), anything else a text part. A field with
 * an encoding `contentType` is sent as a part of that type.
 */
export function multipartBody(
  fields: Readonly<Record<string, unknown>>,
  parts: Readonly<Record<string, { readonly contentType?: string | undefined }>>,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    const contentType = Object.hasOwn(parts, key) ? parts[key]!.contentType : undefined;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(key, item);
      else if (item == null) continue;
      else if (contentType !== undefined) {
        const text = /json/i.test(contentType) ? JSON.stringify(item) : formValue(item);
        form.append(key, new Blob([text], { type: contentType }));
      } else form.append(key, formValue(item));
    }
  }
  return form;
}
