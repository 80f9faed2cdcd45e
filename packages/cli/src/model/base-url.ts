import type { OpenAPIDocument } from "../openapi/types.js";
import type { Warnings } from "./warnings.js";

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
