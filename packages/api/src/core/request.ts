import type { ParameterBinding } from "../decorators/metadata.js";
import type { Endpoint } from "./endpoint.js";
import { KitRequestError, type KitRequestTarget } from "./errors.js";
import { messages } from "./messages.js";
import { fillPathTemplate, showPathTemplate } from "./path-template.js";
import type { KitRequest } from "./plugin.js";
import { encodeBody } from "./request-body.js";

/** Turns one call's arguments into the request plugins see; a missing path value fails here. */
export function buildRequest(
  endpoint: Endpoint,
  args: readonly unknown[],
  signal: AbortSignal,
): KitRequest {
  const { route, server } = endpoint;
  const params: Record<string, unknown> = {};
  for (const { name, index } of route.query) {
    if (name !== undefined) params[name] = args[index];
    else Object.assign(params, args[index]);
  }
  const headers: Record<string, string> = { ...server.options.headers };
  for (const { name, index } of route.headers) {
    const value = args[index];
    if (value != null) headers[name!] = String(value);
  }
  const body = encodeBody(route.contentType, collectBody(route.body, args));
  if (body.contentType !== undefined) headers["Content-Type"] = body.contentType;
  return {
    method: route.method,
    url: fillPath(endpoint, args),
    params,
    data: body.data,
    headers,
    timeout: server.options.timeout,
    responseType: route.responseType,
    signal,
  };
}

function fillPath(endpoint: Endpoint, args: readonly unknown[]): string {
  const { route, url } = endpoint;
  const values: string[] = [];
  for (let i = 0; i < route.pathArguments.length; i++) {
    const value = args[route.pathArguments[i]!];
    if (value == null) {
      const target: KitRequestTarget = {
        method: route.method,
        url: showPathTemplate(url),
        api: route.where,
      };
      const message = messages.KIT_PATH_VALUE_MISSING(route.where, url.names[i]!);
      throw new KitRequestError("argument", "KIT_PATH_VALUE_MISSING", message, target);
    }
    values.push(encodeURIComponent(String(value)));
  }
  return fillPathTemplate(url, values);
}

/** `@Data()` is the whole body; `@Data("f")` values are laid over it as fields. */
function collectBody(bindings: readonly ParameterBinding[], args: readonly unknown[]): unknown {
  let whole: unknown;
  const fields: Record<string, unknown> = {};
  let hasFields = false;
  for (const { name, index } of bindings) {
    if (name === undefined) {
      whole = args[index];
    } else if (args[index] !== undefined) {
      fields[name] = args[index];
      hasFields = true;
    }
  }
  return hasFields ? { ...(whole as object | undefined), ...fields } : whole;
}
