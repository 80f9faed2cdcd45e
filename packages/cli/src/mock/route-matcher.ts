import { matchPathTemplate, type PathTemplate, parsePathTemplate } from "../wire/path-template.js";

/** What a route leads to: an operation's path template and verb. */
export interface Routable {
  path: string;
  verb: string;
}

/**
 * The operations the request may name, best first: those sharing the best-matching path template
 * and method (AWS and Azure documents tell them apart by `?Action=…`, `#header` or the body),
 * those whose `?`/`#` keys the request carries first.
 */
export interface RouteMatch<T> {
  entries: T[];
}

/** Why no operation takes the request: no path matches, or the path exists for other methods. */
export interface RouteMiss {
  status: 404 | 405;
  /** For 405: the methods the path allows, upper case. */
  allowed: string[];
}

interface Route<T> {
  entry: T;
  /** The template with its literal parts as a client percent-encodes them. */
  pattern: PathTemplate;
  /** The path template without its `?`/`#` part. */
  template: string;
  /** `?Action=Run` or AWS's `#destination&ids` after the template: keys the request should carry. */
  requires: [string, string][];
  /** More literal characters and fewer placeholders wins: `/pets/mine` before `/pets/{id}`. */
  rank: number;
}

export interface RouteMatcher<T> {
  match(
    method: string,
    path: string,
    query: URLSearchParams,
    headers: Readonly<Record<string, string | undefined>>,
  ): RouteMatch<T> | RouteMiss;
}

/** Compiles every operation's path template once into a matcher, best candidates first. */
export function compileRoutes<T extends Routable>(entries: readonly T[]): RouteMatcher<T> {
  const routes = entries.map(compileRoute).sort((left, right) => right.rank - left.rank);
  return {
    match(method, path, query, headers) {
      const found = matchVerb(method.toLowerCase(), path, query, headers);
      // HEAD is GET without the body (RFC 9110) where the document declares no HEAD of its own.
      if (method.toUpperCase() === "HEAD" && "status" in found && found.allowed.includes("GET"))
        return matchVerb("get", path, query, headers);
      return found;
    },
  };

  function matchVerb(
    verb: string,
    path: string,
    query: URLSearchParams,
    headers: Readonly<Record<string, string | undefined>>,
  ): RouteMatch<T> | RouteMiss {
    const allowed = new Set<string>();
    const candidates: Route<T>[] = [];
    for (const route of routes) {
      if (candidates.length > 0 && route.template !== candidates[0]!.template) continue;
      if (!fits(route.pattern, path)) continue;
      if (route.entry.verb === verb) candidates.push(route);
      else allowed.add(route.entry.verb.toUpperCase());
    }
    if (candidates.length === 0) {
      if (allowed.size === 0) return { status: 404, allowed: [] };
      return { status: 405, allowed: [...allowed].sort() };
    }
    const order = (route: Route<T>) =>
      (route.requires.every(([key, value]) => carries(query, headers, key, value)) ? 1000 : 0) +
      route.requires.length;
    candidates.sort((left, right) => order(right) - order(left));
    return { entries: candidates.map((route) => route.entry) };
  }
}

function compileRoute<T extends Routable>(entry: T): Route<T> {
  const cut = entry.path.search(/[?#]/);
  const template = cut === -1 ? entry.path : entry.path.slice(0, cut);
  const suffix = cut === -1 ? "" : entry.path.slice(cut + 1).replaceAll("#", "&");
  const parsed = parsePathTemplate(template);
  const parts = parsed.literals;
  const pattern = { literals: parts.map(encodeLiteral), greedy: parsed.greedy };
  const literalLength = parts.reduce((sum, part) => sum + part.length, 0);
  return {
    entry,
    pattern,
    template,
    requires: [...new URLSearchParams(suffix)],
    rank: literalLength * 100 - (parts.length - 1),
  };
}

function carries(
  query: URLSearchParams,
  headers: Readonly<Record<string, string | undefined>>,
  key: string,
  value: string,
): boolean {
  // `?country={country}`: a path parameter written into the query; any value will do.
  if (value === "" || value.includes("{"))
    return query.has(key) || headers[key.toLowerCase()] !== undefined;
  return query.get(key) === value || headers[key.toLowerCase()] === value;
}

/** Most literal parts need no encoding; `new URL` is the slow, exact way for the rest. */
function encodeLiteral(part: string): string {
  if (/^[\w\-.~!$&'()*+,;=:@/]*$/.test(part)) return part;
  return new URL(`http://h${part.startsWith("/") ? part : `/${part}`}`).pathname.slice(
    part.startsWith("/") ? 0 : 1,
  );
}

/** Whether the path fits the template, with or without one trailing slash. */
function fits(template: PathTemplate, path: string): boolean {
  if (matchPathTemplate(template, path) !== undefined) return true;
  return (
    path.length > 1 &&
    path.endsWith("/") &&
    matchPathTemplate(template, path.slice(0, -1)) !== undefined
  );
}
