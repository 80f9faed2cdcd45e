/** A route split at its placeholders: `literals[i]`, value `i`, `literals[i + 1]`, … */
export interface PathTemplate {
  readonly literals: readonly string[];
  /** Placeholder names in order of appearance; a name may repeat. */
  readonly names: readonly string[];
}

const placeholder = /:([A-Za-z_$][A-Za-z0-9_$]*)/g;

/**
 * Only `:name` with a declared name is a placeholder; every other colon is literal text,
 * so `/v1/:name:cancel` has one placeholder when only `name` is declared.
 */
export function parsePathTemplate(path: string, declared: ReadonlySet<string>): PathTemplate {
  const literals: string[] = [];
  const names: string[] = [];
  let literalStart = 0;
  for (const match of path.matchAll(placeholder)) {
    const name = match[1]!;
    if (!declared.has(name)) continue;
    literals.push(path.slice(literalStart, match.index));
    names.push(name);
    literalStart = match.index + match[0].length;
  }
  literals.push(path.slice(literalStart));
  return { literals, names };
}

export function prefixPathTemplate(head: string, template: PathTemplate): PathTemplate {
  const [first = "", ...rest] = template.literals;
  return { literals: [head + first, ...rest], names: template.names };
}

/** `values` are aligned with `template.names` and already encoded. */
export function fillPathTemplate(template: PathTemplate, values: readonly string[]): string {
  let url = template.literals[0]!;
  for (let i = 0; i < values.length; i++) url += values[i]! + template.literals[i + 1]!;
  return url;
}

/** The template as written, placeholders included: for messages about unfilled routes. */
export function showPathTemplate(template: PathTemplate): string {
  return fillPathTemplate(
    template,
    template.names.map((name) => `:${name}`),
  );
}
