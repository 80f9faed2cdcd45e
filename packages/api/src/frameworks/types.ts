import type { KitMethod, KitMethodOf } from "../core/method.js";
import type { KitMethodError } from "../core/method-errors.js";
import type { KitEnvelopeCode, KitEnvelopeMessage, KitResult } from "../core/result.js";

/**
 * What the framework integrations accept: a function that builds a `KitMethod`, such as an API
 * method (`petApi.addPet`) or `() => petApi.getPetById(id)`. `Args` and `T` narrow it where a
 * strategy calls it with arguments of its own (pagination passes the page and its size).
 */
export type KitMethodFactory<Args extends readonly unknown[] = never, T = unknown> = (
  ...args: Args
) => KitMethodOf<T>;

/** The arguments of a factory: what `send(...args)` takes. */
export type KitFactoryArgs<F> = F extends (...args: infer Args) => unknown ? Args : never;

/** The `data` type of the `KitMethod` a factory builds: `KitPayloadOf` of the API method. */
export type KitFactoryData<F> = F extends (
  ...args: never
  // biome-ignore lint/suspicious/noExplicitAny: matches every instantiation, see KitMethodOf
) => KitMethod<infer T, any, any, any>
  ? T
  : never;

/** The server's envelope type of the `KitMethod` a factory builds (see `KitResult`). */
export type KitFactoryEnvelope<F> = F extends (
  ...args: never
  // biome-ignore lint/suspicious/noExplicitAny: matches every instantiation, see KitMethodOf
) => KitMethod<any, any, infer Envelope, any>
  ? Envelope
  : never;

/**
 * What a send of the factory's method fails with: the method's declared HTTP errors (`KitErrors`,
 * typed by status), its server's business error and the other request errors, by `kind`.
 */
export type KitFactoryError<F> = KitMethodError<F>;

/** The envelope's `code` and `message` of the latest answer (or business error). */
export interface KitEnvelopeFields<Envelope> {
  readonly code: KitEnvelopeCode<Envelope> | undefined;
  readonly message: KitEnvelopeMessage<Envelope> | undefined;
}

/**
 * What `send()` resolves: `ok` tells success from failure, also for methods whose data is `void`.
 * It never rejects, so a click handler can call it without a `catch`.
 */
export type KitSendOutcome<T, E, Envelope = unknown> =
  | {
      readonly ok: true;
      readonly data: T;
      readonly result: KitResult<Envelope, T>;
      readonly error: undefined;
    }
  | { readonly ok: false; readonly data: undefined; readonly result: undefined; readonly error: E };

/** The outcome type of a factory's sends. */
export type KitFactoryOutcome<F> = KitSendOutcome<
  KitFactoryData<F>,
  KitFactoryError<F>,
  KitFactoryEnvelope<F>
>;
