import { mergeCallOptions } from "./call-options.js";
import { type Innermost, runChain } from "./chain.js";
import type { Endpoint } from "./endpoint.js";
import { unwrapEnvelope } from "./envelope.js";
import type { KitRequestTarget } from "./errors.js";
import type { KitCallOptions, KitContext } from "./plugin.js";
import { buildRequest, type CallSettings } from "./request.js";
import { readBody, readsJson } from "./response-body.js";
import type { KitResult } from "./result.js";
import type { Route } from "./route.js";
import type { RawResponse, Transport, TransportExtra } from "./transport.js";
import type { KitRequest } from "./vocabulary.js";

/**
 * One send: build the request, run it through the plugins, and answer a `KitResult`. While a
 * plugin's async `setup` runs, the send waits for it, and rejects if it fails.
 */
export function dispatch(send: Send): Promise<KitResult> {
  return send.endpoint.server.setups?.then(() => dispatchNow(send)) ?? dispatchNow(send);
}

/** What one send is made of. */
export interface Send {
  readonly endpoint: Endpoint;
  readonly args: readonly unknown[];
  /** Owns the request's signal: `abort()`, `sendWith({ signal })` and, alone, the time limit. */
  readonly controller: AbortController;
  /** The method object's `options(...)`, laid over the route's `@PluginOptions`. */
  readonly options: Readonly<KitCallOptions>;
  /** `sendWith`'s own timeout and headers. */
  readonly call?: CallSettings | undefined;
  /** Client config from a capability module. */
  readonly extra?: TransportExtra | undefined;
  /** Told the request as plugins will see it, before the first plugin runs. */
  readonly built?: ((request: KitRequest) => void) | undefined;
}

function dispatchNow({
  endpoint,
  args,
  controller,
  options,
  call,
  extra,
  built,
}: Send): Promise<KitResult> {
  const { server, api, route } = endpoint;
  // One snapshot for the whole send: `configure()` while it runs changes later sends only.
  const serverOptions = server.options;
  const request = buildRequest(endpoint, serverOptions, args, controller.signal, call);
  built?.(request);
  const ctx: KitContext = {
    server,
    serverOptions,
    api,
    method: route.methodName,
    request,
    args,
    options:
      route.pluginOptions === undefined ? options : mergeCallOptions(route.pluginOptions, options),
    meta: {},
  };
  const { plugins } = server;
  // Without plugins or a capability module, nothing but the exchange sees the request's signal.
  if (plugins.length === 0 && extra === undefined) {
    return send(ctx, endpoint.transport, route, undefined, controller);
  }
  const innermost =
    extra === undefined ? endpoint.innermost : exchangeStep(endpoint.transport, route, extra);
  return runChain(plugins, ctx, innermost);
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
  return (ctx) => send(ctx, transport, route, extra, undefined);
}

/**
 * `extra` is client config from a capability module (progress callbacks, a streaming adapter);
 * `owner` the controller of the request's signal when nothing else sees it.
 */
function send(
  ctx: KitContext,
  transport: Transport,
  route: Pick<Route, "where" | "envelope">,
  extra: TransportExtra | undefined,
  owner: AbortController | undefined,
): Promise<KitResult> {
  const { request, serverOptions } = ctx;
  const target: KitRequestTarget = { method: request.method, url: request.url, api: route.where };
  const read = (response: RawResponse): KitResult =>
    unwrapEnvelope(
      {
        // A HEAD response never has a body, whatever its headers say.
        body:
          request.method === "HEAD" ? undefined : readBody(response, request.responseType, target),
        status: response.status,
        headers: response.headers,
        json: readsJson(response, request.responseType),
      },
      serverOptions,
      route.envelope ?? serverOptions.envelope,
      target,
    );
  return transport(request, target, read, extra, owner);
}
