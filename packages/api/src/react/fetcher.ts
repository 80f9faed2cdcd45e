import { useEffect, useState, useSyncExternalStore } from "react";
import {
  FetcherCore,
  type KitFetcherActions,
  type KitFetcherState,
} from "../frameworks/fetcher.js";

export interface UseKitFetcherResult extends KitFetcherState, KitFetcherActions {}

/**
 * Prefetches and refreshes without binding data: `prefetch(petApi.getPetById(2))` on hover,
 * `refresh(petApi.findPetsByStatus)` after a change made elsewhere.
 */
export function useKitFetcher(): UseKitFetcherResult {
  const [core] = useState(() => new FetcherCore());
  const state = useSyncExternalStore(
    core.subscribe,
    () => core.state,
    () => core.state,
  );
  useEffect(() => () => core.stop(), [core]);
  return { ...state, prefetch: core.prefetch, refresh: core.refresh };
}
