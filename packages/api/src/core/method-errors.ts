import {
  type KitBusinessError,
  type KitHttpError,
  KitRequestError,
  type KitRequestErrorKind,
} from "./errors.js";
import type { AnyKitMethod, KitMethod } from "./method.js";

declare const errorResponses: unique symbol;

/**
 * The error responses an API method declares, by status (`404`, `"4XX"`, `"default"`). Generated
 * code writes it as the method's `this` type, which no call ever passes:
 * `getPetById(this: KitErrors<{ 404: NotFound; default: Problem }>, ...): Promise<Pet>`.
 */
export interface KitErrors<Responses> {
  readonly [errorResponses]?: Responses;
}

/** The `KitErrors` map of an API method's signature; `unknown` when it declares none. */
export type KitErrorsOf<F> = F extends (this: infer This, ...args: never) => unknown
  ? This extends KitErrors<infer Responses>
    ? Responses
    : unknown
  : unknown;

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type ToNumber<Text> = Text extends `${infer Status extends number}` ? Status : never;
/** The status codes of classes `Class` (`4` gives 400 | 401 | … | 499). */
type StatusesOf<Class extends number> = ToNumber<`${Class}${Digit}${Digit}`>;
/** What a response range covers: `"4XX"` gives 4. */
type RangeClass<Key> = Key extends `${infer Class extends 1 | 3 | 4 | 5}XX` ? Class : never;

/**
 * The statuses a declared error response stands for, as OpenAPI resolves them: a code for itself,
 * a range (`"4XX"`) for its codes not declared alone, `default` for every other non-2xx code.
 */
type StatusFor<Key, Responses> = Key extends number
  ? Key
  : Key extends `${1 | 3 | 4 | 5}XX`
    ? Exclude<StatusesOf<RangeClass<Key>>, keyof Responses>
    : Exclude<StatusesOf<1 | 3 | 4 | 5>, keyof Responses | StatusesOf<RangeClass<keyof Responses>>>;

/**
 * The `KitHttpError` of each declared error response, with `status` typed as the codes it stands
 * for, so comparing `status` narrows `body`; and, unless `default` is declared, one for every
 * other status with an `unknown` body: a proxy's 502 page is never typed as a declared body.
 */
export type KitHttpErrorOf<Responses> = unknown extends Responses
  ? KitHttpError
  :
      | {
          [Key in keyof Responses]: KitHttpError<Responses[Key]> & {
            readonly status: StatusFor<Key, Responses>;
          };
        }[keyof Responses]
      | ("default" extends keyof Responses ? never : KitUndeclaredHttpError<Responses>);

/** An HTTP error with a status the method does not declare: its body is `unknown`. */
export type KitUndeclaredHttpError<Responses> = KitHttpError<unknown> & {
  readonly status: StatusFor<"default", Responses>;
};

/**
 * What `send()` of a method rejects with: its declared HTTP errors (by status), its server's
 * business error (by envelope type), and the other request errors (by `kind`). `M` is a
 * `KitMethod` or the API method that makes one (`petApi.getPetById`).
 */
export type KitMethodError<M> =
  (M extends (...args: never) => infer Made ? Made : M) extends KitMethod<
    // biome-ignore lint/suspicious/noExplicitAny: see KitMethodOf
    any,
    // biome-ignore lint/suspicious/noExplicitAny: see KitMethodOf
    any,
    infer Envelope,
    infer Errors
  >
    ?
        | KitHttpErrorOf<Errors>
        | KitBusinessError<Envelope>
        | (KitRequestError & { readonly kind: Exclude<KitRequestErrorKind, "http" | "business"> })
    : never;

/**
 * Whether `error` is a request error of `method`'s API method (another API method's error, say
 * from a plugin's own call, is not); narrows it to `KitMethodError`, typing `body` by `status`.
 */
export function isKitErrorOf<M extends AnyKitMethod | ((...args: never) => AnyKitMethod)>(
  method: M,
  error: unknown,
): error is KitMethodError<M> & KitRequestError {
  if (!(error instanceof KitRequestError)) return false;
  // Calling an API method only builds a KitMethod; it sends nothing.
  const made = (
    typeof method === "function" ? (method as () => unknown)() : method
  ) as KitMethod<unknown>;
  return error.api === `${made.api}.${made.name}`;
}
