import { type DependencyList, useState } from "react";
import {
  type KitFactoryPageState,
  type KitPageFactory,
  type KitPageItem,
  type KitPaginationActions,
  type KitPaginationOptions,
  PaginationCore,
} from "../frameworks/pagination.js";
import type { KitFactoryData } from "../frameworks/types.js";
import { useCore, useLatest } from "./external-store.js";

export interface UseKitPaginationOptions<F, Item> extends KitPaginationOptions<F, Item> {
  /** Filters: when one changes the list goes back to the first page (after its `debounce`). */
  readonly deps?: DependencyList;
  /** While false, automatic loads wait; turning true loads one that waited. */
  readonly enabled?: boolean;
}

export interface UseKitPaginationResult<F, Item>
  extends KitFactoryPageState<F, Item>,
    KitPaginationActions<F, Item> {
  /** The same as `goTo`. */
  readonly setPage: (page: number) => void;
}

/**
 * Page-by-page loading: the factory gets the page and page size,
 * `useKitPagination((page, size) => petApi.findPets(page, size), { total: (data) => data.total })`.
 * `goTo` and `setPageSize` load that page, aborting the load in flight.
 */
export function useKitPagination<F extends KitPageFactory, Item = KitPageItem<KitFactoryData<F>>>(
  factory: F,
  options: UseKitPaginationOptions<F, Item> = {},
): UseKitPaginationResult<F, Item> {
  const latest = useLatest({ factory, options });
  const enabled = options.enabled ?? true;
  const [core] = useState(
    () =>
      new PaginationCore<F, Item>({
        where: "useKitPagination",
        factory: () => latest.current.factory,
        options: () => latest.current.options,
        enabled,
      }),
  );
  const state = useCore(core, enabled, options.deps ?? []);
  return {
    ...state,
    ...core.actions(),
    setPage: core.goTo,
  };
}
