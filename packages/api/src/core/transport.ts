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
 * Sends one request as it is now. Every failure leaves as a Kit error; the HTTP client behind it
 * (axios) is known only to the transport and the server's setup.
 */
export type Transport = (
  request: KitRequest,
  target: KitRequestTarget,
  extra?: TransportExtra,
) => Promise<RawResponse>;
