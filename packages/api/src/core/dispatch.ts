import { type Innermost, runChain } from "./chain.js";
import type { Endpoint } from "./endpoint.js";
import { unwrapEnvelope } from "./envelope.js";
import type { KitRequestTarget } from "./errors.js";
import type { KitCallOptions, KitContext } from "./plugin.js";
import { buildRequest } from "./request.js";
import { readBody } from "./response-body.js";
import type { KitResult } from "./result.js";
import type { SendAbort } from "./send-abort.js";
import type { RawResponse, Transport, TransportExtra } from "./transport.js";

/**
 * One send: build the request, run it through the plugins, and answer a `KitResult`. While a
 * plugin's async `setup` runs, the send waits for it, and rejects if it fails.
 */
export function dispatch(
  endpoint: Endpoint,
  args: readonly unknown[],
  abort: SendAbort,
  options: Readonly<KitCallOptions>,
  extra?: TransportExtra,
): Promise<KitResult> {
  const setups = endpoint.server.setups;
  if (setups === undefined) return dispatchNow(endpoint, args, abort, options, extra);
  return setups.then(() => dispatchNow(endpoint, args, abort, options, extra));
}

function dispatchNow(
  endpoint: Endpoint,
  args: readonly unknown[],
  abort: SendAbort,
  options: Readonly<KitCallOptions>,
  extra: TransportExtra | undefined,
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
    extra === undefined ? endpoint.innermost : exchangeStep(endpoint.transport, route.where, extra);
  return runChain(server.plugins, ctx, innermost);
}

/**
 * The innermost step of one route's sends, made once per route (`extra` given, once per send):
 * the HTTP exchange with `ctx.request` as plugins left it, then unwrapping. `where` names the
 * method as declared, in every error of the exchange.
 */
export function exchangeStep(
  transport: Transport,
  where: string,
  extra?: TransportExtra,
): Innermost {
  return (ctx) => send(ctx, transport, where, extra);
}

/** `extra` is client config from a capability module (progress callbacks, a streaming adapter). */
function send(
  ctx: KitContext,
  transport: Transport,
  where: string,
  extra: TransportExtra | undefined,
): Promise<KitResult> {
  const { request, server } = ctx;
  const target: KitRequestTarget = { method: request.method, url: request.url, api: where };
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
      target,
    );
  return transport(request, target, read, extra);
}
