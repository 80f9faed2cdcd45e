/**
 * What the command line and the config know about a URL input. Apart from the downloader
 * (`fetch-document.ts`), which the commands import only when an input is a URL: importing
 * `node:http` costs every run (on Node 24 it loads the bundled HTTP client, undici).
 */

export const DEFAULT_TIMEOUT_MS = 30_000;

/** An HTTP header name (RFC 9110 token). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** An `http:` or `https:` address; anything else is a path. */
export function isHttpUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}
