import type { IncomingHttpHeaders } from "node:http";

/**
 * CORS for a browser app on another origin: the request's origin is allowed with credentials,
 * and a preflight gets the method and headers it asks for. The mock is a development server, so
 * it allows everything a page may ask.
 */
export function corsHeaders(request: IncomingHttpHeaders): Record<string, string> {
  const origin = request.origin;
  return {
    "access-control-allow-origin": origin ?? "*",
    ...(origin === undefined ? {} : { "access-control-allow-credentials": "true", vary: "Origin" }),
    "access-control-expose-headers": "*",
  };
}

/** An `OPTIONS` request that asks `Access-Control-Request-Method` is a preflight, not an operation. */
export function isPreflight(method: string, request: IncomingHttpHeaders): boolean {
  return method === "OPTIONS" && request["access-control-request-method"] !== undefined;
}

export function preflightHeaders(request: IncomingHttpHeaders): Record<string, string> {
  return {
    ...corsHeaders(request),
    "access-control-allow-methods":
      request["access-control-request-method"] ?? "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS",
    "access-control-allow-headers": request["access-control-request-headers"] ?? "*",
    "access-control-max-age": "600",
  };
}
