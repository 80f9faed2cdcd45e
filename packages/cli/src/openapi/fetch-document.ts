import { KitGenerateError } from "../errors.js";

export interface FetchOptions {
  /** Sent with every request, e.g. `{ authorization: "Bearer …" }`. */
  headers?: Readonly<Record<string, string>>;
  /** The whole exchange, redirects and body included, must end within this many milliseconds. */
  timeoutMs?: number;
  /** Ends the request early, e.g. when watch mode stops. */
  signal?: AbortSignal;
}

export interface FetchedDocument {
  url: string;
  text: string;
  /** The answer's ETag, to ask next time whether the document changed. */
  etag?: string;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** An HTTP header name (RFC 9110 token). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** An `http:` or `https:` address; anything else is a path. */
export function isHttpUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/** Downloads a document; see `fetchIfChanged`. */
export async function fetchOpenAPIDocument(
  url: string,
  options: FetchOptions = {},
): Promise<FetchedDocument> {
  return (await fetchIfChanged(url, options, undefined))!;
}

/**
 * Downloads a document unless it still has the ETag `etag` (the server answers 304 Not
 * Modified, and this resolves undefined). Redirects are followed (up to fetch's limit of 20; an authorization
 * header is not carried to another origin); any answer but 2xx or 304 fails naming the URL and
 * the status. The only part of the reader that talks to the network.
 */
export async function fetchIfChanged(
  url: string,
  options: FetchOptions,
  etag: string | undefined,
): Promise<FetchedDocument | undefined> {
  const location = { file: url };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers = new Headers(options.headers);
  if (!headers.has("accept")) {
    headers.set("accept", "application/json, application/yaml;q=0.9, */*;q=0.8");
  }
  if (etag !== undefined) headers.set("if-none-match", etag);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, { headers, signal, redirect: "follow" });
    if (response.status === 304 && etag !== undefined) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      const redirected = response.redirected ? ` from ${response.url}` : "";
      throw new KitGenerateError(
        `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}${redirected}`,
        location,
      );
    }
    const text = await response.text();
    const next = response.headers.get("etag");
    return { url, text, ...(next === null ? {} : { etag: next }) };
  } catch (error) {
    if (error instanceof KitGenerateError) throw error;
    if (timeout.aborted) {
      throw new KitGenerateError(
        `no complete answer within ${formatSeconds(timeoutMs)}`,
        location,
        {
          cause: error,
        },
      );
    }
    throw new KitGenerateError(`cannot download the document (${networkReason(error)})`, location, {
      cause: error,
    });
  }
}

/** fetch wraps the socket's error code or the redirect problem in `cause`. */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ?? cause.message;
  }
  return error instanceof Error ? error.message : String(error);
}

function formatSeconds(milliseconds: number): string {
  return `${milliseconds / 1000} s`;
}
