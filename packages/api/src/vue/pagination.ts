import { computed, type Ref, type ShallowRef, toValue } from "vue";
import {
  type KitFactoryPageState,
  type KitPageFactory,
  type KitPageItem,
  type KitPaginationActions,
  type KitPaginationOptions,
  PaginationCore,
} from "../frameworks/pagination.js";
import type { KitFactoryData } from "../frameworks/types.js";
import { mirror } from "./mirror.js";
import { drive, type UseKitRequestOptions } from "./request.js";

export interface UseKitPaginationOptions<F, Item>
  extends KitPaginationOptions<F, Item>,
    Pick<UseKitRequestOptions<F>, "enabled"> {
  /** Filters: when one changes the list goes back to the first page (after its `debounce`). */
  readonly watch?: UseKitRequestOptions<F>["watch"];
}

export type UseKitPaginationReturn<F, Item> = {
  readonly [K in Exclude<keyof KitFactoryPageState<F, Item>, "page" | "pageSize">]: Readonly<
    ShallowRef<KitFactoryPageState<F, Item>[K]>
  >;
} & KitPaginationActions<F, Item> & {
    /** The page shown; setting it goes there (clamped; a value that is not a whole number is ignored). */
    readonly page: Ref<number>;
    /** Items per page; setting it starts again from the first page (nonsense sizes are ignored). */
    readonly pageSize: Ref<number>;
  };

/**
 * Page-by-page loading: the factory gets the page and page size,
 * `useKitPagination((page, size) => petApi.findPets(page, size), { total: (data) => data.total })`.
 * Setting `page` or `pageSize` loads that page, aborting the load in flight.
 */
export function useKitPagination<F extends KitPageFactory, Item = KitPageItem<KitFactoryData<F>>>(
  factory: F,
  options: UseKitPaginationOptions<F, Item> = {},
): UseKitPaginationReturn<F, Item> {
  const core = new PaginationCore<F, Item>({
    where: "useKitPagination",
    factory: () => factory,
    options: () => options,
    enabled: toValue(options.enabled) ?? true,
  });
  const { page, pageSize, ...state } = mirror(core);
  drive(core, options);
  return {
    ...state,
    page: computed({ get: () => page.value, set: core.goTo }),
    pageSize: computed({ get: () => pageSize.value, set: core.setPageSize }),
    ...core.actions(),
  };
}
