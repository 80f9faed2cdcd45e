import type { Constructor } from "../decorators/metadata.js";
import { exchangeStep } from "./dispatch.js";
import { bindRoute } from "./endpoint.js";
import { KitMethod } from "./method.js";
import type { KitServerInfo } from "./plugin.js";
import { compileApi } from "./route.js";
import type { Transport } from "./transport.js";
import type { KitApi } from "./types.js";

/**
 * A frozen object without prototype holding only the decorated methods, so `then`, `toJSON` and
 * every other key are `undefined`: it is never taken for a promise and never sends by accident.
 */
export function createApi<T, Envelope>(
  server: KitServerInfo,
  transport: Transport,
  apiClass: abstract new (...args: never) => T,
): KitApi<T, Envelope> {
  const { name, routes } = compileApi(apiClass as Constructor);
  const api: Record<string, (...args: unknown[]) => KitMethod<unknown>> = Object.create(null);
  for (const route of routes) {
    const innermost = exchangeStep(transport, route);
    const endpoint = bindRoute(server, transport, innermost, name, route);
    api[route.methodName] = (...args) => new KitMethod(endpoint, args);
  }
  return Object.freeze(api) as KitApi<T, Envelope>;
}
