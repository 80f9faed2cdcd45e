import type { KitMethodOf } from "../core/method.js";
import type { KitMethodError } from "../core/method-errors.js";
import { arityOf, probe, serverOf } from "../frameworks/method-key.js";
import type { KitFactoryArgs, KitFactoryData, KitMethodFactory } from "../frameworks/types.js";

/**
 * A mutation's variables for an API method's arguments: the argument itself when it takes one
 * (`mutate(pet)`), nothing when it takes none (`mutate()`), the arguments as a tuple when it
 * takes several (`mutate([petId, name])`, each keeping its name and type).
 */
export type KitMutationVariables<Args extends readonly unknown[]> = Args extends readonly []
  ? // biome-ignore lint/suspicious/noConfusingVoidType: TanStack's mutate() takes no argument for void
    void
  : Args extends readonly [unknown?]
    ? Args[0]
    : Args;

/** What `kitMutationOptions` returns; see `KitMutationVariables` for the variables. */
export interface KitMutationOptions<Variables, T, E> {
  readonly mutationKey: readonly [server: string, api: string, method: string];
  readonly mutationFn: (variables: Variables) => Promise<T>;
  /**
   * Never set by Kit. Declared so that `useMutation` infers the error type, as it does from
   * TanStack's own `mutationOptions`.
   */
  readonly retry?: boolean | number | ((failureCount: number, error: E) => boolean);
}

/**
 * Mutation options for an API method: `useMutation(kitMutationOptions(petApi.addPet))`, then
 * `mutate(pet)`. `mutationKey` is the method's query key; `error` is its `KitMethodError`.
 */
export function kitMutationOptions<F extends KitMethodFactory>(
  factory: F,
): KitMutationOptions<
  KitMutationVariables<KitFactoryArgs<F>>,
  KitFactoryData<F>,
  KitMethodError<F>
> {
  const method = probe(factory, "kitMutationOptions()");
  // A function of its own says how many arguments it takes; an API method's proxy does not,
  // and its declaration does.
  const arity = factory.length || arityOf(method);
  const call = factory as unknown as (...args: unknown[]) => KitMethodOf<unknown>;
  return {
    mutationKey: [serverOf(method), method.api, method.name],
    mutationFn: (variables) => {
      const args = arity <= 1 ? [variables] : ((variables ?? []) as unknown[]);
      return call(...args)
        .send()
        .then((result) => result.data as KitFactoryData<F>);
    },
  };
}
