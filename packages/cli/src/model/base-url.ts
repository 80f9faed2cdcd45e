import type { OpenAPIDocument } from "../openapi/types.js";

export const DEFAULT_BASE_URL = "/api";

/**
 * `servers[0].url` with each `{variable}` replaced by its default (absolute or relative, kept as
 * written otherwise, but for surrounding white space, which no URL holds), else `/api`.
 */
export function documentBaseUrl(document: OpenAPIDocument): string {
  const server = Array.isArray(document.servers) ? document.servers[0] : undefined;
  if (typeof server?.url !== "string" || server.url === "") return DEFAULT_BASE_URL;
  const variables = server.variables ?? {};
  const url = server.url.replace(/\{([^}]*)\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name]?.default : undefined;
    return typeof value === "string" ? value : placeholder;
  });
  const trimmed = url.trim();
  return trimmed === "" ? DEFAULT_BASE_URL : trimmed;
}
