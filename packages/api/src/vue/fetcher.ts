import { getCurrentScope, onScopeDispose, type ShallowRef } from "vue";
import {
  FetcherCore,
  type KitFetcherActions,
  type KitFetcherState,
} from "../frameworks/fetcher.js";
import { mirror } from "./mirror.js";

export type UseKitFetcherReturn = {
  readonly [K in keyof KitFetcherState]: Readonly<ShallowRef<KitFetcherState[K]>>;
} & KitFetcherActions;

/**
 * Prefetches and refreshes without binding data: `prefetch(petApi.getPetById(2))` on hover,
 * `refresh(petApi.findPetsByStatus)` after a change made elsewhere.
 */
export function useKitFetcher(): UseKitFetcherReturn {
  const core = new FetcherCore();
  if (getCurrentScope()) onScopeDispose(() => core.stop());
  return { ...mirror(core), prefetch: core.prefetch, refresh: core.refresh };
}
