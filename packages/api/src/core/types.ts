import type { KitMethod } from "./method.js";
import type { KitErrorsOf } from "./method-errors.js";

/** The response type an API method declares: `Promise<Pet>` gives `Pet`, `Promise<void>` gives `void`. */
export type KitPayloadOf<M> = M extends (...args: never) => infer R ? Awaited<R> : never;

type ApiMethodKeys<T> = {
  [K in keyof T]: T[K] extends (...args: never) => Promise<unknown> ? K : never;
}[keyof T];

/**
 * What `createApi` returns: each API method, called, gives a `KitMethod` that has sent nothing.
 * `Envelope` is the server's envelope type (see `KitResult`).
 */
export type KitApi<T, Envelope = unknown> = {
  readonly [K in ApiMethodKeys<T>]: T[K] extends (...args: infer A) => unknown
    ? (...args: A) => KitMethod<KitPayloadOf<T[K]>, A, Envelope, KitErrorsOf<T[K]>>
    : never;
};
