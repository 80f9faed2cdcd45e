import type { IncomingHttpHeaders } from "node:http";

/**
 * CORS for a browser app on another origin the guard let in (`refusal` has already turned away
 * the others): its origin is allowed with credentials, and a preflight gets the method and
 * headers it asks for.
 */
export function corsHeaders(request: IncomingHttpHeaders): Record<string, string> {
  const origin = request.origin;
  if (origin === undefined) return { "access-control-expose-headers": "*" };
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-credentials": "true",
    vary: "Origin",
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
