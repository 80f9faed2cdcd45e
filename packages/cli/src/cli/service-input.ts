import path from "node:path";
import { type LoadedDocument, loadOpenAPIDocument, parseOpenAPIDocument } from "../openapi/load.js";
import { isHttpUrl } from "../openapi/url-input.js";
import type { Service } from "./resolve-services.js";

/**
 * Reads or downloads a service's document. The downloader is imported only for a URL, so a run on
 * a file never loads Node's HTTP client (see `openapi/url-input.ts`).
 */
export async function loadServiceDocument(service: Service): Promise<LoadedDocument> {
  if (!isHttpUrl(service.input)) return loadOpenAPIDocument(shownInput(service.input));
  const { fetchOpenAPIDocument } = await import("../openapi/fetch-document.js");
  const fetched = await fetchOpenAPIDocument(service.input, {
    headers: service.headers,
    timeoutMs: service.timeoutMs,
    maxSize: service.maxSize,
  });
  return parseOpenAPIDocument(fetched.text, fetched.url);
}

/**
 * An input path as the file system resolves it, relative to the process's directory when it
 * lies below it, so that error messages name the file the way the user typed it.
 */
export function shownInput(input: string): string {
  if (isHttpUrl(input)) return input;
  const relative = path.relative(process.cwd(), input);
  return relative === "" || relative.startsWith("..") || path.isAbsolute(relative)
    ? input
    : relative;
}
