import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { KitGenerateError, type SourceLocation } from "../errors.js";
import { ACCEPT_ENCODING, readAnswerBody } from "./answer-body.js";
import { DEFAULT_MAX_SIZE } from "./document-size.js";
import { DEFAULT_TIMEOUT_MS } from "./url-input.js";

export interface FetchOptions {
  /** Sent with every request to the URL's origin, e.g. `{ authorization: "Bearer …" }`. */
  headers?: Readonly<Record<string, string>>;
  /** The whole exchange, redirects and body included, must end within this many milliseconds. */
  timeoutMs?: number;
  /** Most bytes the answer may have, as it arrives and as it unpacks; default 100 MB. */
  maxSize?: number;
  /** Ends the request early, e.g. when watch mode stops. */
  signal?: AbortSignal;
}

export interface FetchedDocument {
  url: string;
  text: string;
  /** The answer's ETag, to ask next time whether the document changed. */
  etag?: string;
}

/** As many redirects as fetch follows before giving up. */
const MAX_REDIRECTS = 20;

/**
 * The headers a request to another origin than the URL's keeps: none the user gave but these,
 * which carry no credential (the same rule as `@kit/api`'s `crossOriginRedirect`).
 */
const NEUTRAL_HEADER = /^(accept|accept-encoding|user-agent|if-none-match)$/i;

/** Downloads a document; see `fetchIfChanged`. */
export async function fetchOpenAPIDocument(
  url: string,
  options: FetchOptions = {},
): Promise<FetchedDocument> {
  return (await fetchIfChanged(url, options, undefined))!;
}

/**
 * Downloads a document unless it still has the ETag `etag` (the server answers 304 Not
 * Modified, and this resolves undefined). Redirects are followed, up to 20; a redirect to another
 * origin is followed without any header the user gave, so no credential leaves the URL's origin.
 * The body may be at most `maxSize` bytes as it arrives and as it unpacks. Any answer but 2xx or
 * 304 fails naming the URL and the status. The only part of the reader that talks to the network.
 */
export async function fetchIfChanged(
  url: string,
  options: FetchOptions,
  etag: string | undefined,
): Promise<FetchedDocument | undefined> {
  const location = { file: url };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxSize = options.maxSize ?? DEFAULT_MAX_SIZE;
  let headers = requestHeaders(options.headers, etag);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    let current = new URL(url);
    for (let redirects = 0; ; redirects++) {
      const response = await get(current, headers, signal);
      const status = response.statusCode ?? 0;
      const target = response.headers.location;
      if (status >= 300 && status < 400 && status !== 304 && target !== undefined) {
        response.resume();
        const next = redirectTarget(current, target, redirects, location);
        if (next.origin !== current.origin) headers = neutralHeaders(headers);
        current = next;
        continue;
      }
      if (status === 304 && etag !== undefined) {
        response.resume();
        return undefined;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        const redirected = redirects > 0 ? ` from ${current.href}` : "";
        const reason = response.statusMessage ? ` ${response.statusMessage}` : "";
        throw new KitGenerateError(`HTTP ${status}${reason}${redirected}`, location);
      }
      const text = await readAnswerBody(response, maxSize, location);
      const next = response.headers.etag;
      return { url, text, ...(next === undefined ? {} : { etag: next }) };
    }
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

function requestHeaders(
  given: Readonly<Record<string, string>> | undefined,
  etag: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: "application/json, application/yaml;q=0.9, */*;q=0.8",
  };
  for (const [name, value] of Object.entries(given ?? {})) headers[name.toLowerCase()] = value;
  headers["accept-encoding"] = ACCEPT_ENCODING;
  if (etag !== undefined) headers["if-none-match"] = etag;
  return headers;
}

function neutralHeaders(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (NEUTRAL_HEADER.test(name)) kept[name] = value;
  }
  return kept;
}

/** Where a redirect leads: an http(s) URL, within the number of redirects fetch allows. */
function redirectTarget(
  from: URL,
  location: string,
  redirects: number,
  source: SourceLocation,
): URL {
  if (redirects === MAX_REDIRECTS) {
    throw new KitGenerateError(`more than ${MAX_REDIRECTS} redirects`, source);
  }
  const to = URL.canParse(location, from) ? new URL(location, from) : undefined;
  if (to === undefined || (to.protocol !== "http:" && to.protocol !== "https:")) {
    throw new KitGenerateError(
      `redirected to ${JSON.stringify(location)}, not an http(s) URL`,
      source,
    );
  }
  return to;
}

/** One GET, resolved with the answer's head; the body is left to the caller. */
function get(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    // `agent: false`: a connection of its own, closed after the answer, so no idle socket keeps
    // the process alive.
    request(url, { method: "GET", headers, signal, agent: false }, resolve)
      .on("error", reject)
      .end();
  });
}

/** The socket's error code (`ECONNREFUSED`), else the message. */
function networkReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === "string" && code !== "ABORT_ERR") return code;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return (cause as NodeJS.ErrnoException).code ?? cause.message;
  return error instanceof Error ? error.message : String(error);
}

function formatSeconds(milliseconds: number): string {
  return `${milliseconds / 1000} s`;
}
