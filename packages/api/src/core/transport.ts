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
 * Sends one request as it is now. Every failure leaves as a Kit error; the HTTP client behind it
 * (axios) is known only to the transport and the server's setup.
 */
export type Transport = (request: KitRequest, target: KitRequestTarget) => Promise<RawResponse>;
