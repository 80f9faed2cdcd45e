import { runChain } from "./chain.js";
import type { Endpoint } from "./endpoint.js";
import { unwrapEnvelope } from "./envelope.js";
import type { KitRequestTarget } from "./errors.js";
import type { KitCallOptions, KitContext } from "./plugin.js";
import { buildRequest } from "./request.js";
import { readBody } from "./response-body.js";
import type { KitResult } from "./result.js";
import type { SendAbort } from "./send-abort.js";
import type { Transport, TransportExtra } from "./transport.js";

/** One send: build the request, run it through the plugins, and answer a `KitResult`. */
export function dispatch(
  endpoint: Endpoint,
  args: readonly unknown[],
  abort: SendAbort,
  options: Readonly<KitCallOptions>,
  extra?: TransportExtra,
): Promise<KitResult> {
  const { server, api, route, transport } = endpoint;
  const ctx: KitContext = {
    server,
    api,
    method: route.methodName,
    request: buildRequest(endpoint, args, abort),
    args,
    options,
    meta: {},
  };
  return runChain(server.plugins, ctx, (last) => send(last, transport, extra));
}

/**
 * The innermost step: the HTTP exchange with `ctx.request` as plugins left it, then unwrapping.
 * `extra` is client config from a capability module (progress callbacks, a streaming adapter).
 */
function send(ctx: KitContext, transport: Transport, extra?: TransportExtra): Promise<KitResult> {
  const { request, server } = ctx;
  const target: KitRequestTarget = {
    method: request.method,
    url: request.url,
    api: `${ctx.api}.${ctx.method}`,
  };
  return transport(request, target, extra).then((response) =>
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
      target,
    ),
  );
}
