import { dispatch } from "./dispatch.js";
import type { Endpoint } from "./endpoint.js";
import { Listeners } from "./listeners.js";
import type { KitCallOptions } from "./plugin.js";
import type { KitResult } from "./result.js";
import { SendAbort } from "./send-abort.js";

/**
 * One call of an API method with its arguments. Building it sends nothing; every `send()` does.
 * `Args` are the API method's parameters; `Envelope` is the server's envelope type (see `KitResult`).
 */
export class KitMethod<
  T,
  Args extends readonly unknown[] = readonly unknown[],
  Envelope = unknown,
> {
  readonly #endpoint: Endpoint;
  #args: readonly unknown[];
  #options: Readonly<KitCallOptions> = {};
  readonly #inFlight = new Set<SendAbort>();
  readonly #success = new Listeners<[result: KitResult<Envelope, T>]>();
  readonly #error = new Listeners<[error: unknown]>();
  readonly #finish = new Listeners<[]>();

  /** @internal Made by the API object of `server.createApi`. */
  constructor(endpoint: Endpoint, args: readonly unknown[]) {
    this.#endpoint = endpoint;
    this.#args = args;
  }

  /** The API's name, e.g. `PetApi`. */
  get api(): string {
    return this.#endpoint.api;
  }

  /** The API method's name, e.g. `getPetById`. */
  get name(): string {
    return this.#endpoint.route.methodName;
  }

  /** The arguments the next `send()` without arguments sends. */
  get args(): readonly unknown[] {
    return this.#args;
  }

  /**
   * Sends and resolves the result, or rejects with a `KitRequestError` (or what a plugin threw).
   * Arguments, when given, replace the stored ones for this and every later send.
   */
  send(...args: Args | []): Promise<KitResult<Envelope, T>> {
    if (args.length > 0) this.#args = args;
    return this.#send(this.#args);
  }

  /** Aborts every send of this object still in flight; each rejects with a `KitAbortError`. */
  abort(reason?: unknown): void {
    for (const send of this.#inFlight) send.abort(reason);
  }

  /** Options for plugins, seen as `ctx.options` by later sends; merged over earlier ones. */
  options(callOptions: KitCallOptions): this {
    this.#options = { ...this.#options, ...callOptions };
    return this;
  }

  /** Called with the result of every later successful send; returns the unsubscribe function. */
  onSuccess(listener: (result: KitResult<Envelope, T>) => void): () => void {
    return this.#success.add(listener);
  }

  /** Called with the error of every later failed send, abort included. */
  onError(listener: (error: unknown) => void): () => void {
    return this.#error.add(listener);
  }

  /** Called after the success or error listeners of every later send, before it settles. */
  onFinish(listener: () => void): () => void {
    return this.#finish.add(listener);
  }

  async #send(args: readonly unknown[]): Promise<KitResult<Envelope, T>> {
    const abort = new SendAbort();
    this.#inFlight.add(abort);
    let result: KitResult<Envelope, T>;
    try {
      result = (await dispatch(this.#endpoint, args, abort, this.#options)) as KitResult<
        Envelope,
        T
      >;
    } catch (error) {
      this.#inFlight.delete(abort);
      this.#error.emit(error);
      this.#finish.emit();
      throw error;
    }
    this.#inFlight.delete(abort);
    this.#success.emit(result);
    this.#finish.emit();
    return result;
  }
}
