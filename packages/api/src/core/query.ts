/**
 * Query and form values, OpenAPI style (form, explode): arrays become repeated keys,
 * `undefined` and `null` are left out, `0`, `false` and `""` are kept, dates are ISO strings.
 */
export function formPairs(values: Readonly<Record<string, unknown>>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const key in values) {
    const value = values[key];
    if (Array.isArray(value)) {
      for (const item of value) if (item != null) pairs.push([key, formValue(item)]);
    } else if (value != null) {
      pairs.push([key, formValue(value)]);
    }
  }
  return pairs;
}

export function formValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function serializeQuery(values: Readonly<Record<string, unknown>>): string {
  let query = "";
  for (const [key, value] of formPairs(values)) {
    query += `${query === "" ? "" : "&"}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  }
  return query;
}
