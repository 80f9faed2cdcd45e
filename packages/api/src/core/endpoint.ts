import type { Innermost } from "./chain.js";
import { KitDecoratorError } from "./errors.js";
import { messages } from "./messages.js";
import { type PathTemplate, prefixPathTemplate, showPathTemplate } from "./path-template.js";
import type { KitServerInfo } from "./plugin.js";
import type { Route } from "./route.js";
import type { Transport } from "./transport.js";
import { isAbsoluteURL, joinURL } from "./url.js";

/** A route bound to one server: its URL template starts with the server's baseURL. */
export interface Endpoint {
  readonly server: KitServerInfo;
  /** How the server sends a request. */
  readonly transport: Transport;
  /** The exchange at the end of the plugin chain, made once. */
  readonly innermost: Innermost;
  /** The API class name. */
  readonly api: string;
  readonly route: Route;
  readonly url: PathTemplate;
  /** Where the route starts in the URL, after the baseURL and the seam. */
  readonly routeStart: number;
  /** The baseURL names no origin, so a URL starting with two slashes would name another one. */
  readonly relative: boolean;
}

export function bindRoute(
  server: KitServerInfo,
  transport: Transport,
  innermost: Innermost,
  api: string,
  route: Route,
): Endpoint {
  const { baseURL } = server.options;
  // joinURL keeps its right part whole, so what precedes the route is the baseURL and the seam.
  const full = joinURL(baseURL, route.pathText);
  const head = full.slice(0, full.length - route.pathText.length);
  const url = prefixPathTemplate(head, route.path);
  const relative = !hasOrigin(baseURL);
  // A route written as an absolute URL chose its origin; one joined to the baseURL must keep it.
  if (
    !isAbsoluteURL(route.pathText) &&
    (relative ? startsWithTwoSlashes(full) : originOf(full) !== originOf(baseURL))
  ) {
    throw new KitDecoratorError(
      "KIT_ROUTE_LEAVES_ORIGIN",
      messages.KIT_ROUTE_LEAVES_ORIGIN(route.where, showPathTemplate(url), baseURL),
    );
  }
  return { server, transport, innermost, api, route, url, routeStart: head.length, relative };
}

/** `//host/…` and `/\\host/…` name another host in browsers' URL parsing. */
export function startsWithTwoSlashes(url: string): boolean {
  return /^[\\/]{2}/.test(url);
}

/** An absolute URL, or a protocol-relative one, which the team chose to write as the baseURL. */
function hasOrigin(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || startsWithTwoSlashes(url);
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url, "http://relative.invalid").origin;
  } catch {
    return undefined;
  }
}
