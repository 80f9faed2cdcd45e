import { type PathTemplate, prefixPathTemplate } from "./path-template.js";
import type { Route } from "./route.js";
import type { KitServer } from "./server.js";
import { joinURL } from "./url.js";

/** A route bound to one server: its URL template starts with the server's baseURL. */
export interface Endpoint {
  readonly server: KitServer;
  /** The API class name. */
  readonly api: string;
  readonly route: Route;
  readonly url: PathTemplate;
}

export function bindRoute(server: KitServer, api: string, route: Route): Endpoint {
  // joinURL keeps its right part whole, so what precedes the route is the baseURL and the seam.
  const full = joinURL(server.options.baseURL, route.pathText);
  const head = full.slice(0, full.length - route.pathText.length);
  return { server, api, route, url: prefixPathTemplate(head, route.path) };
}
