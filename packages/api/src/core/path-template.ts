/** A route split at its placeholders: `literals[i]`, value `i`, `literals[i + 1]`, … */
export interface PathTemplate {
  readonly literals: readonly string[];
  /** Placeholder names in order of appearance; a name may repeat. */
  readonly names: readonly string[];
}

const identifierAfterColon = /:([A-Za-z_$][A-Za-z0-9_$]*)/g;

/**
 * Only a declared name after a colon is a placeholder; every other colon is literal text, so
 * `/v1/:name:cancel` has one placeholder when only `name` is declared. A declared name the route
 * never spells out whole may be followed by more identifier characters: `/:date_PI.xml` and
 * `/:dayF:startT:end` (documents' `{date}_PI.xml`, `{day}F{start}T{end}`). A name the route does
 * spell out whole is only ever that, so Google's `/:domain:domainJoinMachine` keeps its verb.
 */
export function parsePathTemplate(path: string, declared: ReadonlySet<string>): PathTemplate {
  const identifiers = [...path.matchAll(identifierAfterColon)];
  const whole = new Set(identifiers.map((match) => match[1]!).filter((id) => declared.has(id)));
  const literals: string[] = [];
  const names: string[] = [];
  let literalStart = 0;
  for (const match of identifiers) {
    const identifier = match[1]!;
    const name = whole.has(identifier) ? identifier : gluedName(identifier, declared, whole);
    if (name === undefined) continue;
    literals.push(path.slice(literalStart, match.index));
    names.push(name);
    literalStart = match.index + 1 + name.length;
  }
  literals.push(path.slice(literalStart));
  return { literals, names };
}

/** The longest declared name, not spelled out whole elsewhere, that `identifier` starts with. */
function gluedName(
  identifier: string,
  declared: ReadonlySet<string>,
  whole: ReadonlySet<string>,
): string | undefined {
  for (let length = identifier.length - 1; length > 0; length--) {
    const name = identifier.slice(0, length);
    if (declared.has(name) && !whole.has(name)) return name;
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
