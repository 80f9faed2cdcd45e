/**
 * Reads bracketed form keys back into values: `metadata[plan]=gold` → `{ metadata: { plan: "gold" } }`,
 * `items[0][price]=p` → `{ items: [{ price: "p" }] }`. A level whose keys are all indices is an array.
 * Every object has no prototype, so keys such as `__proto__`, `constructor` or `toString` are
 * plain keys: a request can neither change nor read `Object.prototype` through them.
 */
export function parseFormFields(pairs: readonly [string, string][]): Record<string, unknown> {
  const root = emptyRecord();
  for (const [key, value] of pairs) {
    const path = keyPath(key);
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      node[segment] = typeof next === "object" && next !== null ? next : emptyRecord();
      node = node[segment] as Record<string, unknown>;
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}

/** An object without a prototype: `__proto__` and `toString` are keys like any other. */
export function emptyRecord<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `entries` as an object without a prototype (later keys win). */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const record = emptyRecord<T>();
  for (const [key, value] of entries) record[key] = value;
  return record;
}

function keyPath(key: string): string[] {
  const first = key.indexOf("[");
  if (first === -1) return [key];
  const rest = [...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
  return [key.slice(0, first), ...rest];
}

function arraysOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) => [key, arraysOf(item)] as const,
  );
  if (entries.length > 0 && entries.every(([key], index) => key === String(index))) {
    return entries.map(([, item]) => item);
  }
  return recordOf(entries);
}
