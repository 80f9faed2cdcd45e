import { isObjectValue, objectItems } from "./form-encoding.js";
import { formValue } from "./query.js";
import type { WireBinding } from "./wire-binding.js";

type PathBinding = Extract<WireBinding, { in: "path" }>;

/**
 * How `@Params` sends an array or an object, in OpenAPI's words (RFC 6570). `simple` (the default):
 * `3,4,5`, an object `role,admin` or with `explode` `role=admin`; `label`: `.3,4,5` or `.3.4.5`;
 * `matrix`: `;id=3,4,5` or `;id=3;id=4`, an object exploded `;role=admin`. Without a style an
 * array is `simple` and an object JSON text, as a path parameter described by a JSON media type is.
 */
export interface KitPathStyle {
  style?: "simple" | "label" | "matrix";
  explode?: boolean;
  /** A JSON media type: the value, an array too, fills the placeholder as JSON text. */
  contentType?: string;
}

/** A value as JSON text; a BigInt as its digits, which JSON has no form for. */
export function jsonText(value: unknown): string {
  if (typeof value === "bigint") return String(value);
  return isObjectValue(value) ? formValue(value) : JSON.stringify(value);
}

/** How one placeholder's value (not null) becomes its encoded text: made once per parameter. */
export type PathText = (value: unknown) => string;

/**
 * The text of placeholder `name` as its binding says: `json`, JSON text whatever the value (a
 * `content`-JSON parameter); no style, a scalar as its text, an array in `simple`, an object as
 * JSON text; else the style's RFC 6570 form.
 */
export function pathText(name: string, binding: PathBinding): PathText {
  switch (binding.style) {
    case "json":
      return (value) => encodeURIComponent(jsonText(value));
    case undefined:
      return plainPathText;
    default:
      return styledPathText(name, binding.style, binding.explode);
  }
}

function plainPathText(value: unknown): string {
  if (Array.isArray(value)) return encodedItems(value).join(",");
  return encodeURIComponent(isObjectValue(value) ? formValue(value) : String(value));
}

function styledPathText(
  name: string,
  style: "simple" | "label" | "matrix",
  explode: boolean,
): PathText {
  const key = encodeURIComponent(name);
  const prefix = style === "label" ? "." : style === "matrix" ? ";" : "";
  const named =
    style === "matrix"
      ? (text: string) => (text === "" ? key : `${key}=${text}`)
      : (text: string) => text;
  // Exploded, each item (or key=value pair) stands alone: `simple` joins them with commas, the
  // others repeat their prefix.
  const between = style === "simple" ? "," : prefix;
  const joined = (items: readonly string[]) => prefix + named(items.join(","));
  const list = explode ? (items: string[]) => prefix + items.map(named).join(between) : joined;
  const object = explode
    ? (items: string[]) => {
        const pairs: string[] = [];
        for (let i = 0; i < items.length; i += 2) pairs.push(`${items[i]}=${items[i + 1]}`);
        return prefix + pairs.join(between);
      }
    : joined;
  return (value) => {
    if (Array.isArray(value)) return list(encodedItems(value));
    if (isObjectValue(value)) return object(objectItems(value).map(encodeURIComponent));
    return prefix + named(encodeURIComponent(formValue(value)));
  };
}

function encodedItems(items: readonly unknown[]): string[] {
  return items.filter((item) => item != null).map((item) => encodeURIComponent(formValue(item)));
}
