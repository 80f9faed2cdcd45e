import type { KitMethod } from "../core/method.js";

/** What the framework integrations accept: a function that builds a `KitMethod`, e.g. `petApi.getPetById`. */
export type KitMethodFactory<Args extends readonly unknown[], T> = (
  ...args: Args
) => KitMethod<T, never, unknown>;

/** The `data` type of the `KitMethod` a factory builds: `KitPayloadOf` of the API method. */
export type KitFactoryData<F> = F extends (...args: never) => KitMethod<infer T, never, unknown>
  ? T
  : never;
