import { documentBaseUrl } from "../model/base-url.js";
import { isObject } from "../openapi/is-object.js";
import type { OpenAPIDocument } from "../openapi/types.js";

/**
 * The path prefixes of the document's servers (and of the base URL a generated client uses
 * without servers, `/api`), those of path items and operations too, longest first: a request may
 * carry one, as the client sends it.
 */
export function basePaths(document: OpenAPIDocument): string[] {
  const urls = [documentBaseUrl(document)];
  for (const servers of [document.servers, ...nestedServers(document)]) {
    for (const server of Array.isArray(servers) ? servers : []) {
      if (typeof server?.url === "string")
        urls.push(documentBaseUrl({ ...document, servers: [server] }));
    }
  }
  const paths = urls
    .map((url) => new URL(url, "http://h").pathname.replace(/\/+$/, ""))
    .filter((path) => path !== "");
  return [...new Set(paths)].sort((left, right) => right.length - left.length);
}

/** The request path with the first base path it starts with removed (kept whole otherwise). */
export function withoutBasePath(path: string, bases: readonly string[]): string[] {
  const stripped = bases
    .filter((base) => path === base || path.startsWith(`${base}/`))
    .map((base) => path.slice(base.length) || "/");
  return [...stripped, path];
}

/** The `servers` lists of path items and operations. */
function nestedServers(document: OpenAPIDocument): unknown[] {
  const lists: unknown[] = [];
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    lists.push(item.servers);
    for (const operation of Object.values(item))
      if (isObject(operation)) lists.push(operation.servers);
  }
  return lists;
}
