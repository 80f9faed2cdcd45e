/**
 * A path template as literal parts between placeholders: `/files/{name}.{ext}` is
 * `["/files/", ".", ""]` with two placeholders. Matching needs no regular expression, so no
 * request path can make it backtrack: every literal is looked up once with `lastIndexOf`.
 */
export interface PathTemplate {
  /** The literal text around the placeholders: one more than there are placeholders. */
  literals: string[];
  /** Per placeholder: whether it also takes slashes (AWS's `{key+}`). */
  greedy: boolean[];
}

export function parsePathTemplate(template: string): PathTemplate {
  const literals: string[] = [];
  const greedy: boolean[] = [];
  let start = 0;
  for (let open = template.indexOf("{"); open !== -1; open = template.indexOf("{", start)) {
    const close = template.indexOf("}", open);
    if (close === -1) break;
    literals.push(template.slice(start, open));
    greedy.push(template.charAt(close - 1) === "+");
    start = close + 1;
  }
  literals.push(template.slice(start));
  return { literals, greedy };
}

/**
 * The placeholders' raw values when `path` fits the template, else undefined. Each placeholder
 * takes as much as it can (the last literal is found from the end, then each earlier one
 * before it), as a greedy regular expression would, in time linear in the path and template.
 * A non-greedy placeholder takes no `/`; `allowEmpty` lets it take nothing.
 */
export function matchPathTemplate(
  template: PathTemplate,
  path: string,
  allowEmpty = false,
): string[] | undefined {
  const { literals, greedy } = template;
  const first = literals[0]!;
  if (!path.startsWith(first)) return undefined;
  const count = greedy.length;
  if (count === 0) return path === first ? [] : undefined;
  const last = literals[count]!;
  const least = allowEmpty ? 0 : 1;
  if (!path.endsWith(last) || path.length - last.length < first.length) return undefined;
  const values: string[] = new Array(count);
  const fits = (index: number, value: string) =>
    value.length >= least && (greedy[index] || !value.includes("/"));
  // `end` is where the text after placeholder `index` ends, walking from the right; taking the
  // last occurrence of each literal leaves the most room to the placeholders before it.
  let end = path.length - last.length;
  for (let index = count - 1; index >= 1; index--) {
    const literal = literals[index]!;
    const latest = end - least - literal.length;
    const found = latest < first.length ? -1 : path.lastIndexOf(literal, latest);
    if (found < first.length) return undefined;
    const value = path.slice(found + literal.length, end);
    if (!fits(index, value)) return undefined;
    values[index] = value;
    end = found;
  }
  const value = path.slice(first.length, end);
  if (!fits(0, value)) return undefined;
  values[0] = value;
  return values;
}
