import type { Innermost } from "./chain.js";
import { KitDecoratorError } from "./errors.js";
import { messages } from "./messages.js";
import { type PathTemplate, prefixPathTemplate, showPathTemplate } from "./path-template.js";
import type { KitServerInfo } from "./plugin.js";
import type { Route } from "./route.js";
import type { Transport } from "./transport.js";
import { isAbsoluteURL, joinURL, leavesOrigin } from "./url.js";

/** A route joined to one baseURL. */
export interface Binding {
  readonly baseURL: string;
  readonly url: PathTemplate;
  /** Where the route starts in the URL, after the baseURL and the seam. */
  readonly routeStart: number;
  /** The baseURL names no origin, so a URL starting with two slashes would name another one. */
  readonly relative: boolean;
  /**
   * The route is an absolute URL of another origin than the baseURL's: the server's credentials
   * stay home (see `buildRequest`).
   */
  readonly foreign: boolean;
}

/**
 * A route bound to one server: its URL template starts with the server's baseURL. The binding is
 * made again when `configure(server, ...)` changes the baseURL, on the first send that sees it.
 */
export class Endpoint {
  readonly server: KitServerInfo;
  /** How the server sends a request. */
  readonly transport: Transport;
  /** The exchange at the end of the plugin chain, made once. */
  readonly innermost: Innermost;
  /** The API class name. */
  readonly api: string;
  readonly route: Route;
  #binding: Binding;

  constructor(
    server: KitServerInfo,
    transport: Transport,
    innermost: Innermost,
    api: string,
    route: Route,
  ) {
    this.server = server;
    this.transport = transport;
    this.innermost = innermost;
    this.api = api;
    this.route = route;
    this.#binding = bind(route, server.options.baseURL);
  }

  /** The route joined to `baseURL`: the last one made, when the baseURL is the same. */
  at(baseURL: string): Binding {
    if (this.#binding.baseURL !== baseURL) this.#binding = bind(this.route, baseURL);
    return this.#binding;
  }

  /** The URL template under the server's current baseURL. */
  get url(): PathTemplate {
    return this.at(this.server.options.baseURL).url;
  }
}

export function bindRoute(
  server: KitServerInfo,
  transport: Transport,
  innermost: Innermost,
  api: string,
  route: Route,
): Endpoint {
  return new Endpoint(server, transport, innermost, api, route);
}

function bind(route: Route, baseURL: string): Binding {
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
  const foreign = isAbsoluteURL(route.pathText) && leavesOrigin(route.pathText, baseURL);
  return { baseURL, url, routeStart: head.length, relative, foreign };
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
