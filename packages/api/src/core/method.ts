import { describeMember } from "../decorators/member.js";
import { wording } from "./catalogue.js";
import { dispatch } from "./dispatch.js";
import type { Endpoint } from "./endpoint.js";
import { KitOptionsError } from "./errors.js";
import { Listeners } from "./listeners.js";
import { messages } from "./messages.js";
import { durationText, isDuration } from "./options.js";
import type { KitCallOptions } from "./plugin.js";
import type { KitResult } from "./result.js";
import type { TransportExtra } from "./transport.js";
import type { KitHttpMethod, KitRequest } from "./vocabulary.js";

/**
 * @internal What the capability modules (streams, progress) need of a `KitMethod` without it
 * becoming public API: a send with extra client config, and the endpoint.
 */
export let methodInternals!: {
  send(method: AnyKitMethod, args: readonly unknown[], extra: TransportExtra): Promise<KitResult>;
  endpoint(method: AnyKitMethod): Endpoint;
};

/**
 * @internal A method whose payload is `T`, of any arguments, envelope and errors. Only `any` does:
 * in source (not in declaration files) private fields make the other parameters invariant.
 */
// biome-ignore lint/suspicious/noExplicitAny: the point is to accept every instantiation
export type KitMethodOf<T> = KitMethod<T, any, any, any>;

/** @internal A method of any payload, arguments, envelope and errors. */
// biome-ignore lint/suspicious/noExplicitAny: the point is to accept every instantiation
export type AnyKitMethod = KitMethodOf<any>;

/** Options of one send, given to `sendWith`. */
export interface KitSendOptions {
  /**
   * Aborts this send when it aborts, as `abort()` would: the send rejects with a `KitAbortError`
   * carrying the signal's reason. `abort()` and the timeout still apply; whichever comes first wins.
   */
  readonly signal?: AbortSignal;
  /** Milliseconds for this send, over `@Timeout` and the server's `timeout`; `0`: none. */
  readonly timeout?: number;
  /** Headers for this send, over `@HeaderValue` arguments, `@StaticHeaders` and the server's. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A `sendWith` options error, checked before anything is sent. */
function invalidSendOptions(options: KitSendOptions, where: string): KitOptionsError | undefined {
  const signal = options?.signal;
  if (signal !== undefined && typeof signal?.addEventListener !== "function") {
    const got = signal === null ? "null" : typeof signal;
    const message = messages.KIT_SEND_SIGNAL_INVALID(where, got);
    return new KitOptionsError("KIT_SEND_SIGNAL_INVALID", message);
  }
  const timeout = options?.timeout;
  if (timeout !== undefined && !isDuration(timeout)) {
    const message = messages.KIT_SEND_OPTION_INVALID(
      where,
      "timeout",
      durationText,
      String(timeout),
    );
    return new KitOptionsError("KIT_SEND_OPTION_INVALID", message);
  }
  return undefined;
}

/** The options of a method object that was given none; `options()` replaces, never changes it. */
const noOptions: Readonly<KitCallOptions> = Object.freeze({});

/**
 * One call of an API method with its arguments. Building it sends nothing; every `send()` does.
 * `Args` are the API method's parameters; `Envelope` is the server's envelope type (see `KitResult`);
 * `Errors` maps the error statuses the method declares to their bodies (see `KitErrors`).
 */
export class KitMethod<
  T,
  Args extends readonly unknown[] = readonly unknown[],
  Envelope = unknown,
  Errors = unknown,
> {
  /** Type only, never set: carries `Errors` for `KitMethodError`. */
  declare readonly "~errors"?: Errors;
  readonly #endpoint: Endpoint;
  #args: readonly unknown[];
  #options: Readonly<KitCallOptions> = noOptions;
  /** The controllers of the sends in flight, for `abort()`. */
  readonly #inFlight = new Set<AbortController>();
  #success: Listeners<[result: KitResult<Envelope, T>]> | undefined;
  #error: Listeners<[error: unknown]> | undefined;
  #finish: Listeners<[]> | undefined;

  /** @internal Made by the API object of `server.createApi`. */
  constructor(endpoint: Endpoint, args: readonly unknown[]) {
    this.#endpoint = endpoint;
    this.#args = args;
  }

  static {
    methodInternals = {
      send: (method, args, extra) => {
        if (args.length > 0) method.#args = args;
        return method.#send(method.#args, undefined, extra);
      },
      endpoint: (method) => method.#endpoint,
    };
  }

  /**
   * Sends and resolves the result, or rejects with a `KitRequestError` (or what a plugin threw).
   * Arguments, when given, replace the stored ones for this and every later send.
   */
  send(...args: Args | []): Promise<KitResult<Envelope, T>> {
    if (args.length > 0) this.#args = args;
    return this.#send(this.#args, undefined);
  }

  /**
   * `send()` with options for this one send, such as the `signal` TanStack Query hands a query
   * function. The options come first because the arguments are optional and may be objects.
   */
  sendWith(options: KitSendOptions, ...args: Args | []): Promise<KitResult<Envelope, T>> {
    const invalid = invalidSendOptions(options, describeMember(this.api, this.name));
    if (invalid !== undefined) return Promise.reject(invalid);
    if (args.length > 0) this.#args = args;
    return this.#send(this.#args, options);
  }

  /** The API's name: `@Api({ name })`, else the class name, e.g. `PetApi`. */
  get api(): string {
    return this.#endpoint.api;
  }

  /** The API method's name, e.g. `getPetById`. */
  get name(): string {
    return this.#endpoint.route.methodName;
  }

  /** The arguments the next `send()` without arguments uses. */
  get args(): readonly unknown[] {
    return this.#args;
  }

  /** The route as declared: the HTTP method and the path under the baseURL, e.g. `/pet/:id`. */
  get route(): { readonly method: KitHttpMethod; readonly path: string } {
    const { route } = this.#endpoint;
    return { method: route.method, path: route.pathText };
  }

  /** Whether a send of this object is in flight. */
  get pending(): boolean {
    return this.#inFlight.size > 0;
  }

  // Written by `#send` alone (see `SendState`); `declare` adds no field, so each is `undefined`
  // until the first send writes it.
  /** The result of the last send that succeeded; `undefined` before one did. */
  declare readonly result: KitResult<Envelope, T> | undefined;

  /** The error of the last send that failed, until a later one succeeds; `undefined` otherwise. */
  declare readonly error: unknown;

  /**
   * The request of the latest send as the plugins left it: after the send, what the exchange
   * sent (headers of `auth` included, the query not yet serialized); during the send, as far as
   * the plugins have got. `undefined` before the first send.
   */
  declare readonly request: KitRequest | undefined;

  /** Aborts every send of this object still in flight; each rejects with a `KitAbortError`. */
  abort(reason?: unknown): void {
    for (const controller of [...this.#inFlight]) controller.abort(reason);
  }

  /** Options for plugins, seen as `ctx.options` by later sends; merged over earlier ones. */
  options(callOptions: KitCallOptions): this {
    this.#options = { ...this.#options, ...callOptions };
    return this;
  }

  /** Called with the result of every later successful send; returns the unsubscribe function. */
  onSuccess(listener: (result: KitResult<Envelope, T>) => void): () => void {
    this.#success ??= new Listeners();
    return this.#success.add(listener);
  }

  /** Called with the error of every later failed send, abort included. */
  onError(listener: (error: unknown) => void): () => void {
    this.#error ??= new Listeners();
    return this.#error.add(listener);
  }

  /** Called after the success or error listeners of every later send, before it settles. */
  onFinish(listener: () => void): () => void {
    this.#finish ??= new Listeners();
    return this.#finish.add(listener);
  }

  async #send(
    args: readonly unknown[],
    call: KitSendOptions | undefined,
    extra?: TransportExtra,
  ): Promise<KitResult<Envelope, T>> {
    const controller = new AbortController();
    const release = follow(controller, call?.signal);
    this.#inFlight.add(controller);
    let result: KitResult<Envelope, T>;
    try {
      result = (await dispatch({
        endpoint: this.#endpoint,
        args,
        controller,
        options: this.#options,
        call,
        extra,
        built: (request) => {
          (this as SendState<Envelope, T>).request = request;
        },
      })) as KitResult<Envelope, T>;
    } catch (error) {
      release();
      this.#inFlight.delete(controller);
      wording.reword?.(error, this.#endpoint.server);
      (this as SendState<Envelope, T>).error = error;
      this.#error?.emit(error);
      this.#finish?.emit();
      throw error;
    }
    release();
    this.#inFlight.delete(controller);
    const state = this as SendState<Envelope, T>;
    state.result = result;
    state.error = undefined;
    this.#success?.emit(result);
    this.#finish?.emit();
    return result;
  }
}

/** What a send writes of its method object, which is `readonly` to everyone else. */
interface SendState<Envelope, T> {
  result: KitResult<Envelope, T> | undefined;
  error: unknown;
  request: KitRequest | undefined;
}

/**
 * Aborts `controller` when `signal` aborts (at once if it already has); answers the function that
 * stops following, so a long-lived signal does not keep finished sends alive.
 */
function follow(controller: AbortController, signal: AbortSignal | undefined): () => void {
  if (signal === undefined) return noop;
  if (signal.aborted) {
    controller.abort(signal.reason);
    return noop;
  }
  const onAbort = (): void => controller.abort(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  return () => signal.removeEventListener("abort", onAbort);
}

function noop(): void {}
