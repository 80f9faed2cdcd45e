import { documentBaseUrl } from "../model/base-url.js";
import type { OpenAPIDocument } from "../openapi/types.js";

/**
 * The path prefixes of the document's servers (and of the base URL a generated client uses
 * without servers, `/api`), longest first: a request may carry one, as the client sends it.
 */
export function basePaths(document: OpenAPIDocument): string[] {
  const urls = [documentBaseUrl(document)];
  for (const server of Array.isArray(document.servers) ? document.servers : []) {
    if (typeof server?.url === "string")
      urls.push(documentBaseUrl({ ...document, servers: [server] }));
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
