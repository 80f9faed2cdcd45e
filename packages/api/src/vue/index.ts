import {
  type ComputedRef,
  computed,
  getCurrentScope,
  onScopeDispose,
  type Ref,
  type ShallowRef,
  shallowRef,
  type WatchSource,
  watch,
} from "vue";
import {
  type KitPageInfo,
  type KitPageItem,
  type KitPaginationOptions,
  pageInfo,
} from "../frameworks/pagination.js";
import {
  type KitRequestActions,
  type KitRequestOptions,
  type KitRequestState,
  RequestRunner,
} from "../frameworks/request-runner.js";
import type { KitMethodFactory } from "../frameworks/types.js";

export type { KitPageInfo, KitPageItem, KitPaginationOptions } from "../frameworks/pagination.js";
export type { KitRequestActions, KitRequestOptions } from "../frameworks/request-runner.js";
export type { KitFactoryData, KitMethodFactory } from "../frameworks/types.js";

export interface UseKitRequestOptions<T> extends KitRequestOptions<T> {
  /** Re-send (factory without arguments) when one of these changes, aborting the send in flight. */
  readonly watch?: readonly WatchSource[];
}

export interface UseKitRequestReturn<Args extends readonly unknown[], T>
  extends KitRequestActions<Args, T> {
  /** The latest response's data; kept while a new send is in flight. */
  readonly data: Readonly<ShallowRef<T | undefined>>;
  /** The latest send's error (`KitRequestError`, or what a plugin threw); cleared by the next send. */
  readonly error: Readonly<ShallowRef<unknown>>;
  readonly loading: Readonly<ShallowRef<boolean>>;
}

/**
 * State for one API method: `data`, `error` and `loading` refs, and `send`. The factory builds the
 * `KitMethod` to send, from `send`'s arguments or from reactive state:
 * `useKitRequest(() => petApi.getPetById(id.value), { watch: [id] })`. A new send aborts the one in
 * flight, and so does the end of the component (its effect scope).
 */
export function useKitRequest<Args extends readonly unknown[], T>(
  factory: KitMethodFactory<Args, T>,
  options: UseKitRequestOptions<T> = {},
): UseKitRequestReturn<Args, T> {
  const immediate = options.immediate ?? true;
  const data = shallowRef<T | undefined>(options.initialData);
  const error = shallowRef<unknown>(undefined);
  const loading = shallowRef(immediate);
  const runner = new RequestRunner(factory, (change: Partial<KitRequestState<T>>) => {
    if ("data" in change) data.value = change.data;
    if ("error" in change) error.value = change.error;
    if (change.loading !== undefined) loading.value = change.loading;
  });
  const resend = () => runner.send(...([] as unknown as Args));
  if (options.watch?.length) watch([...options.watch], resend);
  if (getCurrentScope()) onScopeDispose(() => runner.dispose());
  if (immediate) void resend();
  return {
    data,
    error,
    loading,
    send: (...args) => runner.send(...args),
    abort: (reason) => runner.abort(reason),
  };
}

export interface UseKitPaginationOptions<T, Item> extends KitPaginationOptions<T, Item> {
  /** Load the first page when set up. Default `true`. */
  readonly immediate?: boolean;
  /** Re-send the current page when one of these changes (a filter, say). */
  readonly watch?: readonly WatchSource[];
}

export interface UseKitPaginationReturn<T, Item> extends Omit<UseKitRequestReturn<[], T>, "send"> {
  /** The page to show; setting it loads that page. */
  readonly page: Ref<number>;
  /** Items per page; setting it loads the current page with the new size. */
  readonly pageSize: Ref<number>;
  readonly items: ComputedRef<KitPageInfo<Item>["items"]>;
  readonly total: ComputedRef<number | undefined>;
  readonly pageCount: ComputedRef<number | undefined>;
  readonly isLastPage: ComputedRef<boolean>;
  /** Loads the current page again. */
  readonly reload: () => Promise<T | undefined>;
}

/**
 * Page-by-page loading: the factory gets the page and page size,
 * `useKitPagination((page, size) => petApi.findPets(page, size), { total: (data) => data.total })`.
 * Changing `page` or `pageSize` loads that page, aborting the load in flight.
 */
export function useKitPagination<T, Item = KitPageItem<T>>(
  factory: (page: number, pageSize: number) => ReturnType<KitMethodFactory<[], T>>,
  options: UseKitPaginationOptions<T, Item> = {},
): UseKitPaginationReturn<T, Item> {
  const page = shallowRef(options.initialPage ?? 1);
  const pageSize = shallowRef(options.initialPageSize ?? 10);
  const request = useKitRequest(() => factory(page.value, pageSize.value), {
    immediate: options.immediate,
    watch: [page, pageSize, ...(options.watch ?? [])],
  });
  const info = computed(() => pageInfo(request.data.value, pageSize.value, page.value, options));
  return {
    data: request.data,
    error: request.error,
    loading: request.loading,
    abort: request.abort,
    page,
    pageSize,
    items: computed(() => info.value.items),
    total: computed(() => info.value.total),
    pageCount: computed(() => info.value.pageCount),
    isLastPage: computed(() => info.value.isLastPage),
    reload: () => request.send(),
  };
}
