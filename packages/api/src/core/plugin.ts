import type { KitResult } from "./result.js";
import type { KitServer } from "./server.js";

export type KitHttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

export type KitResponseType = "json" | "text" | "blob" | "arraybuffer";

/** The request of one send, as plugins see and may change it before `next()`. */
export interface KitRequest {
  method: KitHttpMethod;
  /** The server's baseURL, the class prefix and the method path joined, placeholders filled. */
  url: string;
  /** Query values, not yet serialized; arrays become repeated keys, a `KitQueryList` one joined value. */
  params: Record<string, unknown>;
  data: unknown;
  headers: Record<string, string>;
  /** Milliseconds; 0 means no timeout. */
  timeout: number;
  responseType: KitResponseType;
  signal: AbortSignal;
}

/**
 * Per-call options for plugins, set with `KitMethod.options(...)`.
 * Each plugin adds its own field by declaration merging, e.g. `cache?: { skip?: boolean }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by plugins through declaration merging
export interface KitCallOptions {}

/** A bag for plugins to pass values along one send; plugins add typed fields by declaration merging. */
export interface KitMeta {
  [key: string]: unknown;
}

export interface KitContext {
  readonly server: KitServer;
  /** The API class name, e.g. `PetApi`. */
  readonly api: string;
  /** The method name, e.g. `getPetById`. */
  readonly method: string;
  readonly request: KitRequest;
  readonly args: readonly unknown[];
  readonly options: Readonly<KitCallOptions>;
  readonly meta: KitMeta;
}

/** Runs the rest of the chain; the innermost step is the HTTP exchange, unwrapping and code validation. */
export type KitNext = () => Promise<KitResult<unknown, unknown>>;

export interface KitPlugin {
  readonly name: string;
  setup?(server: KitServer): void;
  request?(ctx: KitContext, next: KitNext): Promise<KitResult<unknown, unknown>>;
}
