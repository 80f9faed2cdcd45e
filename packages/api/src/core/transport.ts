import type { KitRequestTarget } from "./errors.js";
import type { KitResponseHeaders } from "./result.js";
import type { KitRequest } from "./vocabulary.js";

/** A response as the transport hands it over: status, plain headers, and the body not yet read. */
export interface RawResponse {
  readonly status: number;
  readonly headers: KitResponseHeaders;
  readonly data: unknown;
}

/**
 * Options for the HTTP client of one send, from a capability module (axios config: progress
 * callbacks, a streaming adapter); opaque to the layers between.
 */
export type TransportExtra = Readonly<Record<string, unknown>>;

/**
 * Sends one request as it is now and answers what `read` makes of the response, in the same step
 * (a promise less per send than reading after). Every failure of the exchange leaves as a Kit
 * error; the HTTP client behind it (axios) is known only to the transport and the server's setup.
 * `owner` is the controller of `request.signal` when nothing else sees that signal, so the time
 * limit may abort it rather than a signal of its own (see deadline.ts).
 */
export type Transport = <T>(
  request: KitRequest,
  target: KitRequestTarget,
  read: (response: RawResponse) => T,
  extra?: TransportExtra,
  owner?: AbortController,
) => Promise<T>;
