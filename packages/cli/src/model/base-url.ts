import { isObject } from "../openapi/is-object.js";
import type { OpenAPIDocument } from "../openapi/types.js";
import type { Warnings } from "./warnings.js";

export const DEFAULT_BASE_URL = "/api";

/**
 * `servers[0].url` with each `{variable}` replaced by its default (absolute or relative, kept as
 * written otherwise, but for surrounding white space, which no URL holds), else `/api`.
 */
export function documentBaseUrl(document: OpenAPIDocument): string {
  return serverUrl(document.servers) ?? DEFAULT_BASE_URL;
}

/**
 * The first server's URL with its variables filled, trimmed; undefined for a missing or empty
 * one. OpenAPI requires a variable's `default` to be a string, but documents write ports as
 * numbers (`port: {default: 8443}`): a number or boolean is written as its JSON text, since the
 * URL is text either way. A variable without a usable default stays as written.
 */
export function serverUrl(servers: unknown): string | undefined {
  const server: unknown = Array.isArray(servers) ? servers[0] : undefined;
  if (!isObject(server) || typeof server.url !== "string") return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^}]*)\}/g, (placeholder, name: string) => {
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    const value = isObject(variable) ? variable.default : undefined;
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    return placeholder;
  });
  const trimmed = url.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * The server an operation's calls go to when it is not the document's: the first of `servers`
 * (the operation's, else its path item's), variables filled. A relative one is resolved against
 * the document's server; beside a relative document server that cannot be done (the origin is the
 * page's), so the calls stay on the client's base URL, with a warning. Undefined for no servers, or
 * the document's own server again (also written with a scheme where the document's has none:
 * Kubernetes' `https://kubernetes.local` beside `//kubernetes.local`). A server whose URL has
 * variables is fixed at their defaults, with a warning: its calls do not follow a base URL set
 * otherwise (GitHub Enterprise's `{protocol}://{hostname}/api/uploads`).
 */
export function operationServer(
  document: OpenAPIDocument,
  servers: unknown,
  pointer: string,
  warnings: Warnings,
): string | undefined {
  const url = serverUrl(servers);
  if (url === undefined) return undefined;
  const root = documentBaseUrl(document);
  const resolved = resolveServer(url, root);
  if (resolved === undefined) {
    if (withoutTrailingSlash(url) !== withoutTrailingSlash(root)) {
      warnings.add(
        `the server "${url}" is relative and so is the document's ("${root}"); its calls go to the client's base URL`,
        pointer,
      );
    }
    return undefined;
  }
  if (sameServer(resolved, root)) return undefined;
  const written = (servers as { url: string }[])[0]!.url;
  if (/\{[^}]*\}/.test(written)) {
    warnings.add(
      `the server "${written}" is fixed at its variables' defaults ("${withoutTrailingSlash(resolved)}"); its calls do not follow a base URL set otherwise`,
      pointer,
    );
  }
  return withoutTrailingSlash(resolved);
}

/** Whether `url` names the document's server `root`, which may leave out the scheme (`//host`). */
function sameServer(url: string, root: string): boolean {
  const left = withoutTrailingSlash(url).toLowerCase();
  const right = withoutTrailingSlash(root).toLowerCase();
  return right.startsWith("//")
    ? left.replace(/^[a-z][a-z0-9+.-]*:/, "") === right
    : left === right;
}

/** `url` as an absolute URL, relative ones resolved against an absolute `root`. */
function resolveServer(url: string, root: string): string | undefined {
  if (ABSOLUTE.test(url)) return url;
  if (!ABSOLUTE.test(root)) return undefined;
  try {
    return new URL(url, root).href;
  } catch {
    return undefined;
  }
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * The base URL `service.ts` gets: `--base-url`, else the document's. A document URL that names a
 * host (`http://localhost:8080/api`, `//api.example.test`) gets one warning: it would ship in the
 * bundle, so a production build would call that host, past the dev server's proxy.
 */
export function planBaseUrl(
  document: OpenAPIDocument,
  option: string | undefined,
  warnings: Warnings,
): string {
  if (option !== undefined) return option;
  const url = documentBaseUrl(document);
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(url)) {
    warnings.add(
      `the server URL "${url}" names a host; it is written into service.ts and ships in the bundle, so every build calls it. Set the base URL per environment instead: baseURL in service.config.ts (e.g. import.meta.env.VITE_API_BASE_URL ?? "/api", or process.env), or --base-url /api with the dev server proxying /api to the back end`,
      "#/servers/0/url",
    );
  }
  return url;
}
