import type { DataTag } from "@tanstack/query-core";
import type { KitMethod, KitMethodOf } from "../core/method.js";
import type { KitMethodError } from "../core/method-errors.js";
import { type KitQueryKey, kitQueryKey } from "../frameworks/method-key.js";

/**
 * What `kitQueryOptions` returns: spread it into `useQuery`, `queryClient.fetchQuery`, and so on.
 * `E` is the method's error type; TanStack Query reads it from the key's tag and from `retry`.
 */
export interface KitQueryOptions<T, E> {
  readonly queryKey: DataTag<KitQueryKey, T, E>;
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<T>;
  /**
   * Never set by Kit (TanStack's default applies). Declared so that `useQuery` infers the error
   * type, as it does from the options TanStack's own `queryOptions` returns.
   */
  readonly retry?: boolean | number | ((failureCount: number, error: E) => boolean);
}

/** The data type of a `KitMethod`. */
export type KitMethodData<M> =
  // biome-ignore lint/suspicious/noExplicitAny: matches every instantiation, see KitMethodOf
  M extends KitMethod<infer T, any, any, any> ? T : never;

/**
 * Query options for one call: `useQuery(kitQueryOptions(petApi.getPetById(id)))`. `data` is the
 * response data and `error` the method's `KitMethodError` (its declared errors by status); the
 * query's `signal` aborts the send when TanStack Query cancels the query.
 */
export function kitQueryOptions<M extends KitMethodOf<unknown>>(
  method: M,
): KitQueryOptions<KitMethodData<M>, KitMethodError<M>> {
  return {
    queryKey: kitQueryKey(method) as DataTag<KitQueryKey, KitMethodData<M>, KitMethodError<M>>,
    queryFn: ({ signal }) =>
      method.sendWith({ signal }).then((result) => result.data as KitMethodData<M>),
  };
}
