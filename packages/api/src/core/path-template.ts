/** A route split at its placeholders: `literals[i]`, value `i`, `literals[i + 1]`, … */
export interface PathTemplate {
  readonly literals: readonly string[];
  /** Placeholder names in order of appearance; a name may repeat. */
  readonly names: readonly string[];
}

const identifierAfterColon = /:([A-Za-z_$][A-Za-z0-9_$]*)/g;

/**
 * Only a declared name after a colon is a placeholder; every other colon is literal text, so
 * `/v1/:name:cancel` has one placeholder when only `name` is declared. The longest declared name
 * the identifier characters start with wins, so a placeholder may be followed by more of them:
 * `/:date_PI.xml` and `/:dayF:startT:end` (documents' `{date}_PI.xml`, `{day}F{start}T{end}`).
 */
export function parsePathTemplate(path: string, declared: ReadonlySet<string>): PathTemplate {
  const literals: string[] = [];
  const names: string[] = [];
  let literalStart = 0;
  for (const match of path.matchAll(identifierAfterColon)) {
    const name = longestDeclaredPrefix(match[1]!, declared);
    if (name === undefined) continue;
    literals.push(path.slice(literalStart, match.index));
    names.push(name);
    literalStart = match.index + 1 + name.length;
  }
  literals.push(path.slice(literalStart));
  return { literals, names };
}

function longestDeclaredPrefix(
  identifier: string,
  declared: ReadonlySet<string>,
): string | undefined {
  for (let length = identifier.length; length > 0; length--) {
    const name = identifier.slice(0, length);
    if (declared.has(name)) return name;
  }
  return undefined;
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
