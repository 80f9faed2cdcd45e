import { type PathTemplate, prefixPathTemplate } from "./path-template.js";
import type { KitServerInfo } from "./plugin.js";
import type { Route } from "./route.js";
import type { Transport } from "./transport.js";
import { joinURL } from "./url.js";

/** A route bound to one server: its URL template starts with the server's baseURL. */
export interface Endpoint {
  readonly server: KitServerInfo;
  /** How the server sends a request. */
  readonly transport: Transport;
  /** The API class name. */
  readonly api: string;
  readonly route: Route;
  readonly url: PathTemplate;
}

export function bindRoute(
  server: KitServerInfo,
  transport: Transport,
  api: string,
  route: Route,
): Endpoint {
  // joinURL keeps its right part whole, so what precedes the route is the baseURL and the seam.
  const full = joinURL(server.options.baseURL, route.pathText);
  const head = full.slice(0, full.length - route.pathText.length);
  return { server, transport, api, route, url: prefixPathTemplate(head, route.path) };
}
