/** A route split at its placeholders: `literals[i]`, value `i`, `literals[i + 1]`, … */
export interface PathTemplate {
  readonly literals: readonly string[];
  /** Placeholder names in order of appearance; a name may repeat. */
  readonly names: readonly string[];
}

/** `:name` (the whole identifier after a colon) or `{name}`, for a name glued to more text. */
const placeholderForm = /:([A-Za-z_$][A-Za-z0-9_$]*)|\{([A-Za-z_$][A-Za-z0-9_$]*)\}/g;

/**
 * A placeholder is a declared name written `:name` or `{name}`; everything else is literal text.
 * `:name` takes every identifier character after the colon, so `/v1/:name:cancel` has one
 * placeholder when only `name` is declared and Google's `/:domain:domainJoinMachine` keeps its
 * verb. A name followed by identifier characters is written `{name}`: `/{date}_PI.xml`,
 * `/{day}F{start}T{end}`, as in the OpenAPI document.
 */
export function parsePathTemplate(path: string, declared: ReadonlySet<string>): PathTemplate {
  const literals: string[] = [];
  const names: string[] = [];
  let literalStart = 0;
  for (const match of path.matchAll(placeholderForm)) {
    const name = (match[1] ?? match[2])!;
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
  let route = template.literals[0]!;
  template.names.forEach((name, index) => {
    const next = template.literals[index + 1]!;
    route += (identifierStart.test(next) ? `{${name}}` : `:${name}`) + next;
  });
  return route;
}

const identifierStart = /^[A-Za-z0-9_$]/;
