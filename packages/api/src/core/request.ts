import type { QueryKey } from "../decorators/metadata.js";
import { type Binding, type Endpoint, startsWithTwoSlashes } from "./endpoint.js";
import { KitRequestError, type KitRequestTarget } from "./errors.js";
import { deepPairs, isObjectValue, objectItems } from "./form-encoding.js";
import { headerText } from "./header-text.js";
import { messages } from "./messages.js";
import type { KitResolvedServerOptions } from "./options.js";
import { fillPathTemplate, showPathTemplate } from "./path-template.js";
import { jsonText, pathValueText } from "./path-value.js";
import { KitQueryList } from "./query.js";
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
  // Without a prototype, a key named `__proto__` is an ordinary key that reaches the wire.
  const params: Record<string, unknown> = Object.create(null);
  for (const { name, index, separator, deepObject, queryKeys, json } of route.query) {
    const value = args[index];
    if (name === undefined) {
      // Object.assign would spread a string or an array into keys: "foo" as ?0=f&1=o&2=o.
      if (value != null && (typeof value !== "object" || Array.isArray(value))) {
        const message = messages.KIT_QUERY_NOT_OBJECT(route.where, index + 1, kindOf(value));
        throw new KitRequestError(
          "argument",
          "KIT_QUERY_NOT_OBJECT",
          message,
          targetOf(route, binding),
        );
      }
      if (queryKeys === undefined || value == null) Object.assign(params, value);
      else putQueryObject(params, queryKeys, value as Record<string, unknown>);
    } else if (json && value != null) params[name] = jsonText(value);
    else putQuery(params, { name, separator, deepObject }, value);
  }
  // To another origin (a route that is an absolute URL) the server's headers and cookies stay
  // home; what the method or the call sets goes.
  const serverHeaders = binding.foreign ? undefined : options.headers;
  const headers: Record<string, string> =
    route.staticHeaders === undefined
      ? { ...serverHeaders }
      : { ...serverHeaders, ...route.staticHeaders };
  for (const { name, index, simpleExplode } of route.headers) {
    const value = args[index];
    if (value == null) continue;
    const text = headerText(value, simpleExplode);
    // axios would strip the line break silently and send a different value.
    if (/[\r\n]/.test(text)) {
      const message = messages.KIT_HEADER_VALUE_INVALID(route.where, name!);
      throw new KitRequestError(
        "argument",
        "KIT_HEADER_VALUE_INVALID",
        message,
        targetOf(route, binding),
      );
    }
    headers[name!] = text;
  }
  if (call?.headers !== undefined) Object.assign(headers, call.headers);
  const body = encodeBody(route.contentType, collectBody(route, binding, args), route.encodings);
  if (body.contentType !== undefined) headers["Content-Type"] = body.contentType;
  const url = fillPath(route, binding, args);
  const timeout = call?.timeout ?? route.timeout ?? options.timeout;
  const withCredentials = route.withCredentials ?? (!binding.foreign && options.withCredentials);
  return {
    method: route.method,
    url,
    params,
    data: body.data,
    headers,
    timeout,
    responseType: route.responseType,
    withCredentials,
    signal,
  };
}

/** The listed keys in their order and style, then the object's other keys as they are. */
function putQueryObject(
  params: Record<string, unknown>,
  keys: readonly QueryKey[],
  fields: Record<string, unknown>,
): void {
  for (const key of keys)
    if (Object.hasOwn(fields, key.name)) putQuery(params, key, fields[key.name]);
  for (const name of Object.keys(fields)) {
    if (!keys.some((key) => key.name === name)) params[name] = fields[name];
  }
}

/** One query key's value into `params`, as its style says. */
function putQuery(
  params: Record<string, unknown>,
  { name, separator, deepObject }: { name: string } & Omit<QueryKey, "name">,
  value: unknown,
): void {
  if (deepObject && typeof value === "object" && value !== null) {
    const pairs: [string, string][] = [];
    deepPairs(name, value, pairs);
    for (const [key, text] of pairs) params[key] = text;
  } else if (separator !== undefined && Array.isArray(value))
    params[name] = new KitQueryList(value, separator);
  else if (separator !== undefined && isObjectValue(value))
    params[name] = new KitQueryList(objectItems(value), separator);
  else params[name] = value;
}

function fillPath(route: Route, binding: Binding, args: readonly unknown[]): string {
  const { url } = binding;
  const values: string[] = [];
  for (let i = 0; i < route.pathArguments.length; i++) {
    const value = args[route.pathArguments[i]!];
    if (value == null) {
      const message = messages.KIT_PATH_VALUE_MISSING(route.where, url.names[i]!);
      const target = targetOf(route, binding);
      throw new KitRequestError("argument", "KIT_PATH_VALUE_MISSING", message, target);
    }
    values.push(pathValueText(url.names[i]!, value, route.pathStyles[i]));
  }
  const filled = fillPathTemplate(url, values);
  if (values.length === 0) return filled;
  // Checked on the assembled URL: `/files/:name.:ext` with "." and "" makes the segment "..".
  const segment = dotSegment(filled, binding.routeStart);
  if (segment !== undefined || (binding.relative && startsWithTwoSlashes(filled))) {
    const names = url.names.map((name) => `"${name}"`).join(", ");
    const shown = segment ?? filled;
    const message = messages.KIT_PATH_VALUE_INVALID(route.where, names, shown);
    const target = targetOf(route, binding);
    throw new KitRequestError("argument", "KIT_PATH_VALUE_INVALID", message, target);
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

/** The route as declared, for errors raised before anything is sent. */
function targetOf(route: Route, { url }: Binding): KitRequestTarget {
  return { method: route.method, url: showPathTemplate(url), api: route.where };
}

/**
 * `@Data()` is the whole body; `@Data("f")` values are laid over it as fields, so beside them the
 * whole body must be an object: a string or an array would be spread into keys `"0"`, `"1"`, …
 */
function collectBody(route: Route, binding: Binding, args: readonly unknown[]): unknown {
  let whole: unknown;
  let wholeIndex = 0;
  // Made for the first field: most routes have none.
  let fields: Record<string, unknown> | undefined;
  let field = "";
  for (const { name, index } of route.body) {
    if (name === undefined) {
      whole = args[index];
      wholeIndex = index;
    } else if (args[index] !== undefined) {
      fields ??= Object.create(null) as Record<string, unknown>;
      fields[name] = args[index];
      field ||= name;
    }
  }
  if (fields === undefined) return whole;
  if (whole != null && (typeof whole !== "object" || Array.isArray(whole) || isReadyMade(whole))) {
    const { where } = route;
    const message = messages.KIT_BODY_NOT_OBJECT(where, wholeIndex + 1, kindOf(whole), field);
    throw new KitRequestError("argument", "KIT_BODY_NOT_OBJECT", message, targetOf(route, binding));
  }
  return { ...(whole as object | undefined), ...fields };
}

/** What a value is, for a message; never the value itself, which may be a secret. */
function kindOf(value: unknown): string {
  const kind = Array.isArray(value)
    ? "array"
    : typeof value === "object"
      ? ((value as object).constructor?.name ?? "object")
      : typeof value;
  return `${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind}`;
}
