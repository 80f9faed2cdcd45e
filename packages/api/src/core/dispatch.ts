import { type Innermost, runChain } from "./chain.js";
import type { Endpoint } from "./endpoint.js";
import { unwrapEnvelope } from "./envelope.js";
import type { KitRequestTarget } from "./errors.js";
import type { KitCallOptions, KitContext } from "./plugin.js";
import { buildRequest } from "./request.js";
import { readBody } from "./response-body.js";
import type { KitResult } from "./result.js";
import type { Route } from "./route.js";
import type { SendAbort } from "./send-abort.js";
import type { RawResponse, Transport, TransportExtra } from "./transport.js";

/** One send: build the request, run it through the plugins, and answer a `KitResult`. */
export function dispatch(
  endpoint: Endpoint,
  args: readonly unknown[],
  abort: SendAbort,
  options: Readonly<KitCallOptions>,
  extra?: TransportExtra,
): Promise<KitResult> {
  const { server, api, route } = endpoint;
  const ctx: KitContext = {
    server,
    api,
    method: route.methodName,
    request: buildRequest(endpoint, args, abort),
    args,
    options,
    meta: {},
  };
  const innermost =
    extra === undefined ? endpoint.innermost : exchangeStep(endpoint.transport, route, extra);
  return runChain(server.plugins, ctx, innermost);
}

/**
 * The innermost step of one route's sends, made once per route (`extra` given, once per send):
 * the HTTP exchange with `ctx.request` as plugins left it, then unwrapping by the route's envelope
 * mode. The route's `where` names the method as declared, in every error of the exchange.
 */
export function exchangeStep(
  transport: Transport,
  route: Pick<Route, "where" | "envelope">,
  extra?: TransportExtra,
): Innermost {
  return (ctx) => send(ctx, transport, route, extra);
}

/** `extra` is client config from a capability module (progress callbacks, a streaming adapter). */
function send(
  ctx: KitContext,
  transport: Transport,
  route: Pick<Route, "where" | "envelope">,
  extra: TransportExtra | undefined,
): Promise<KitResult> {
  const { request, server } = ctx;
  const target: KitRequestTarget = { method: request.method, url: request.url, api: route.where };
  const read = (response: RawResponse): KitResult =>
    unwrapEnvelope(
      {
        // A HEAD response never has a body, whatever its headers say.
        body:
          request.method === "HEAD" ? undefined : readBody(response, request.responseType, target),
        status: response.status,
        headers: response.headers,
        json: request.responseType === "json",
      },
      server.options,
      route.envelope ?? server.options.envelope,
      target,
    );
  return transport(request, target, read, extra);
}
