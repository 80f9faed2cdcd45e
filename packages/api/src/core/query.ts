/**
 * One query or form value as text: a `Date` is its ISO string, an object or array inside a value
 * JSON, anything else `String(value)`.
 */
export function formValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value, bigIntAsText);
  return String(value);
}

/** JSON has no BigInt; its digits are sent as a string rather than failing the send. */
function bigIntAsText(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? String(value) : value;
}

/** What joins the items of an array sent as one query value (OpenAPI `explode: false`). */
export type KitQuerySeparator = "," | " " | "|";

/**
 * An array sent as one query value with its items joined: `ids=1,2` (form), `ids=1%202`
 * (spaceDelimited), `ids=1%7C2` (pipeDelimited); an object as its keys and values in turn
 * (`color=R,100,G,200`). `@Query(name, { explode: false })` puts one in the request's params; an
 * empty list is left out like an empty array.
 */
export class KitQueryList {
  constructor(
    readonly items: readonly unknown[],
    readonly separator: KitQuerySeparator,
  ) {}
}

export function serializeQuery(values: Readonly<Record<string, unknown>>): string {
  let query = "";
  const add = (key: string, text: string) => {
    query += `${query === "" ? "" : "&"}${encodeURIComponent(key)}=${text}`;
  };
  for (const key in values) {
    const value = values[key];
    if (value instanceof KitQueryList) {
      const items = value.items.filter((item) => item != null);
      if (items.length > 0) add(key, items.map(encodedValue).join(encodedSeparator(value)));
    } else if (Array.isArray(value)) {
      for (const item of value) if (item != null) add(key, encodedValue(item));
    } else if (value != null) {
      add(key, encodedValue(value));
    }
  }
  return query;
}

function encodedValue(value: unknown): string {
  return encodeURIComponent(formValue(value));
}

/** A comma stays literal, as OpenAPI shows it, so the server tells it from a comma inside an item. */
function encodedSeparator(list: KitQueryList): string {
  return list.separator === "," ? "," : encodeURIComponent(list.separator);
}
