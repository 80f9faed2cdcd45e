import { type Binding, type Endpoint, startsWithTwoSlashes } from "./endpoint.js";
import { messages } from "./messages.js";
import type { KitResolvedServerOptions } from "./options.js";
import { argumentError, kindOf, type Outgoing } from "./parameter-handlers.js";
import { fillPathTemplate } from "./path-template.js";
import { encodeBody, isReadyMade } from "./request-body.js";
import type { Route } from "./route.js";
import type { KitRequest } from "./vocabulary.js";

/** What one send sets itself, over the method's, class's and server's settings. */
export interface CallSettings {
  readonly timeout?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Turns one call's arguments into the request plugins see; a missing path value fails here.
 * Every setting is taken from `options`, the server's options when the send started, and is
 * resolved here alone: the call's over the method's over the class's over the server's.
 */
export function buildRequest(
  endpoint: Endpoint,
  options: KitResolvedServerOptions,
  args: readonly unknown[],
  signal: AbortSignal,
  call: CallSettings | undefined,
): KitRequest {
  const { route } = endpoint;
  const binding = endpoint.at(options.baseURL);
  // To another origin (a route that is an absolute URL) the server's headers and cookies stay
  // home; what the method or the call sets goes.
  const serverHeaders = binding.foreign ? undefined : options.headers;
  const out: Outgoing = {
    // Without a prototype, a key named `__proto__` is an ordinary key that reaches the wire.
    params: Object.create(null) as Record<string, unknown>,
    headers:
      route.staticHeaders === undefined
        ? { ...serverHeaders }
        : { ...serverHeaders, ...route.staticHeaders },
    path: [],
    whole: undefined,
    wholeIndex: 0,
    fields: undefined,
    field: "",
    method: route.method,
    url: binding.url,
  };
  for (const handler of route.handlers) handler(args, out);
  const { headers } = out;
  if (call?.headers !== undefined) Object.assign(headers, call.headers);
  const body = encodeBody(route.contentType, bodyOf(route, out), route.encodings);
  if (body.contentType !== undefined) headers["Content-Type"] = body.contentType;
  const url = fillPath(route, binding, out);
  const timeout = call?.timeout ?? route.timeout ?? options.timeout;
  const withCredentials = route.withCredentials ?? (!binding.foreign && options.withCredentials);
  return {
    method: route.method,
    url,
    params: out.params,
    data: body.data,
    headers,
    timeout,
    responseType: route.responseType,
    withCredentials,
    signal,
  };
}

function fillPath(route: Route, binding: Binding, out: Outgoing): string {
  const { url } = binding;
  const filled = fillPathTemplate(url, out.path);
  if (out.path.length === 0) return filled;
  // Checked on the assembled URL: `/files/:name.:ext` with "." and "" makes the segment "..".
  const segment = dotSegment(filled, binding.routeStart);
  if (segment !== undefined || (binding.relative && startsWithTwoSlashes(filled))) {
    const names = url.names.map((name) => `"${name}"`).join(", ");
    const shown = segment ?? filled;
    const message = messages.KIT_PATH_VALUE_INVALID(route.where, names, shown);
    throw argumentError(out, route.where, "KIT_PATH_VALUE_INVALID", message);
  }
  return filled;
}

/**
 * A "." or ".." segment of the path from `start` on. URL parsers remove such segments, so the
 * request would reach another route than the one declared.
 */
function dotSegment(url: string, start: number): string | undefined {
  // Most routes have no dot at all; they are answered without splitting.
  if (url.indexOf(".", start) === -1) return undefined;
  let end = url.length;
  for (const mark of ["?", "#"]) {
    const at = url.indexOf(mark, start);
    if (at !== -1 && at < end) end = at;
  }
  for (const segment of url.slice(start, end).split("/")) {
    if (segment === "." || segment === "..") return segment;
  }
  return undefined;
}

/**
 * `@Data()` is the whole body; `@Data("f")` values are laid over it as fields, so beside them the
 * whole body must be an object: a string or an array would be spread into keys `"0"`, `"1"`, …
 */
function bodyOf(route: Route, out: Outgoing): unknown {
  const { whole, fields } = out;
  if (fields === undefined) return whole;
  if (whole != null && (typeof whole !== "object" || Array.isArray(whole) || isReadyMade(whole))) {
    const { where } = route;
    const message = messages.KIT_BODY_NOT_OBJECT(
      where,
      out.wholeIndex + 1,
      kindOf(whole),
      out.field,
    );
    throw argumentError(out, where, "KIT_BODY_NOT_OBJECT", message);
  }
  return { ...(whole as object | undefined), ...fields };
}
