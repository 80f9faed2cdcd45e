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

const SEPARATORS = { form: ",", spaceDelimited: " ", pipeDelimited: "|" } as const;

/**
 * The pairs of a urlencoded body, field by field, as OpenAPI serializes each (default style
 * `form`, `explode: true`): an array repeats the key, an object gives one pair per property
 * (`{ plan: "gold" }` → `plan=gold`), `deepObject` names the path (`metadata[plan]=gold`,
 * `items[0][price]=p`), `explode: false` joins with the style's separator, and a `contentType`
 * of JSON sends the value as JSON. `undefined` and `null` are left out.
 */
export function formBodyPairs(
  fields: Readonly<Record<string, unknown>>,
  encodings: KitFieldEncodings,
): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key in fields) {
    const value = fields[key];
    if (value == null) continue;
    const encoding = Object.hasOwn(encodings, key) ? encodings[key]! : {};
    if (encoding.contentType !== undefined && /json/i.test(encoding.contentType)) {
      pairs.push([key, JSON.stringify(value)]);
      continue;
    }
    const style = encoding.style ?? "form";
    if (style === "deepObject") {
      deepPairs(key, value, pairs);
      continue;
    }
    const explode = encoding.explode ?? style === "form";
    if (Array.isArray(value)) {
      const items = value.filter((item) => item != null).map(formValue);
      if (explode) for (const item of items) pairs.push([key, item]);
      else if (items.length > 0) pairs.push([key, items.join(SEPARATORS[style])]);
    } else if (isObjectValue(value)) {
      const items = objectItems(value);
      if (!explode) {
        if (items.length > 0) pairs.push([key, items.join(SEPARATORS[style])]);
      } else for (let i = 0; i < items.length; i += 2) pairs.push([items[i]!, items[i + 1]!]);
    } else {
      pairs.push([key, formValue(value)]);
    }
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
  encodings: KitFieldEncodings,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    const contentType = Object.hasOwn(encodings, key) ? encodings[key]!.contentType : undefined;
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
