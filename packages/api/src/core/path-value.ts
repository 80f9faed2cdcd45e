import { isObjectValue, objectItems } from "./form-encoding.js";
import { formValue } from "./query.js";

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

/** A path style, checked, with OpenAPI's default `explode: false`. */
export interface PathStyle {
  readonly style: "simple" | "label" | "matrix";
  readonly explode: boolean;
}

/** A value as JSON text; a BigInt as its digits, which JSON has no form for. */
export function jsonText(value: unknown): string {
  if (typeof value === "bigint") return String(value);
  return isObjectValue(value) ? formValue(value) : JSON.stringify(value);
}

/**
 * The encoded text of placeholder `name` for `value` (not null), as `style` says; `"json"`: JSON
 * text whatever the value (a `content`-JSON parameter).
 */
export function pathValueText(
  name: string,
  value: unknown,
  style: PathStyle | "json" | undefined,
): string {
  if (style === "json") return encodeURIComponent(jsonText(value));
  const scalar = !isObjectValue(value) && !Array.isArray(value);
  if (style === undefined) {
    if (scalar) return encodeURIComponent(String(value));
    if (!Array.isArray(value)) return encodeURIComponent(formValue(value));
  }
  const { style: kind, explode } = style ?? { style: "simple", explode: false };
  const key = encodeURIComponent(name);
  const prefix = kind === "label" ? "." : kind === "matrix" ? ";" : "";
  const named = (text: string) => (kind !== "matrix" ? text : text === "" ? key : `${key}=${text}`);
  if (scalar) return prefix + named(encodeURIComponent(formValue(value)));
  if (Array.isArray(value)) {
    const items = value
      .filter((item) => item != null)
      .map((item) => encodeURIComponent(formValue(item)));
    if (!explode) return prefix + named(items.join(","));
    return prefix + items.map(named).join(kind === "simple" ? "," : prefix);
  }
  const items = objectItems(value as Record<string, unknown>).map((item) =>
    encodeURIComponent(item),
  );
  if (!explode) return prefix + named(items.join(","));
  const pairs: string[] = [];
  for (let i = 0; i < items.length; i += 2) pairs.push(`${items[i]}=${items[i + 1]}`);
  return prefix + pairs.join(kind === "simple" ? "," : prefix);
}
