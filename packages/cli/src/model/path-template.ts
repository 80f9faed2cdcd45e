import { NameScope, placeholderKey } from "./names.js";

/** Leading literal segments of a path, up to the first placeholder; a trailing `""` is left out. */
export function literalSegments(path: string): string[] {
  const segments = path.split("/");
  if (segments.length > 1 && segments.at(-1) === "") segments.pop();
  const end = segments.findIndex((segment) => segment.includes("{"));
  return end === -1 ? segments : segments.slice(0, end);
}

/** The longest run of whole segments every list starts with. */
export function commonSegments(lists: readonly string[][]): string[] {
  const [first = [], ...rest] = lists;
  let length = first.length;
  for (const list of rest) {
    let same = 0;
    while (same < length && same < list.length && list[same] === first[same]) same++;
    length = same;
  }
  return first.slice(0, length);
}

const PLACEHOLDER = /\{([^}]*)\}/g;

/**
 * The `@Params` key of each placeholder of a path, in order of appearance: the name made an
 * identifier, with a numeric suffix when two names sanitize alike (`{pet-id}`, `{pet.id}` →
 * `pet_id`, `pet_id2`). A name without ASCII letters or digits (`{名字}`) would sanitize to bare
 * underscores, so it is named by its place instead: `param1` for the first placeholder. Literal
 * prefixes hold no placeholder, so a path and its tail agree.
 */
export function placeholderKeys(path: string): Map<string, string> {
  const keys = new Map<string, string>();
  const scope = new NameScope();
  let place = 0;
  for (const [, name] of path.matchAll(PLACEHOLDER)) {
    place += 1;
    if (keys.has(name!)) continue;
    const base = /[A-Za-z0-9]/.test(name!) ? placeholderKey(name!) : `param${place}`;
    keys.set(name!, scope.claim(base));
  }
  return keys;
}

/**
 * `{pet-id}` → `:pet_id`, the runtime's placeholder form, keyed like the `@Params` decorator; a
 * placeholder glued to identifier characters keeps braces (`{date}_PI.xml`), since `:date_PI`
 * would read as one name.
 */
export function toRoutePath(path: string): string {
  const keys = placeholderKeys(path);
  return path.replace(PLACEHOLDER, (placeholder, name: string, offset: number) => {
    const glued = IDENTIFIER_CHARACTER.test(path.charAt(offset + placeholder.length));
    return glued ? `{${keys.get(name)}}` : `:${keys.get(name)}`;
  });
}

const IDENTIFIER_CHARACTER = /^[A-Za-z0-9_$]$/;
