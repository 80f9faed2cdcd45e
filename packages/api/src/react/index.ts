import { type DependencyList, useEffect, useRef, useState } from "react";
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
export type {
  KitRequestActions,
  KitRequestOptions,
  KitRequestState,
} from "../frameworks/request-runner.js";
export type { KitFactoryData, KitMethodFactory } from "../frameworks/types.js";

export interface UseKitRequestOptions<T> extends KitRequestOptions<T> {
  /** Re-send (factory without arguments) when one of these changes, as `useEffect` compares them. */
  readonly deps?: DependencyList;
}

export interface UseKitRequestResult<Args extends readonly unknown[], T>
  extends KitRequestState<T>,
    KitRequestActions<Args, T> {}

/**
 * State for one API method: `data`, `error`, `loading` and `send`. The factory builds the
 * `KitMethod` to send, from `send`'s arguments or from props and state:
 * `useKitRequest(() => petApi.getPetById(id), { deps: [id] })`. A new send aborts the one in
 * flight, and so does unmounting.
 */
export function useKitRequest<Args extends readonly unknown[], T>(
  factory: KitMethodFactory<Args, T>,
  options: UseKitRequestOptions<T> = {},
): UseKitRequestResult<Args, T> {
  const immediate = options.immediate ?? true;
  const latest = useRef(factory);
  const [state, setState] = useState<KitRequestState<T>>(() => ({
    data: options.initialData,
    error: undefined,
    loading: immediate,
  }));
  const [runner] = useState(
    () =>
      new RequestRunner<Args, T>(
        (...args) => latest.current(...args),
        (change) => setState((previous) => ({ ...previous, ...change })),
      ),
  );
  const [actions] = useState(() => ({
    send: (...args: Args) => runner.send(...args),
    abort: (reason?: unknown) => runner.abort(reason),
  }));
  const sentFor = useRef<DependencyList | undefined>(undefined);
  const deps = options.deps ?? [];

  useEffect(() => {
    latest.current = factory;
  });
  useEffect(
    () => {
      const changed = sentFor.current !== undefined && !sameDeps(sentFor.current, deps);
      sentFor.current = deps;
      if (immediate || changed) void runner.send(...([] as unknown as Args));
      return () => runner.dispose();
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to re-send
    deps,
  );

  return { ...state, ...actions };
}

/** `Object.is` on each entry, as `useEffect` compares its dependencies. */
function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

export interface UseKitPaginationOptions<T, Item> extends KitPaginationOptions<T, Item> {
  /** Load the first page on mount. Default `true`. */
  readonly immediate?: boolean;
  /** Re-send the current page when one of these changes (a filter, say). */
  readonly deps?: DependencyList;
}

export interface UseKitPaginationResult<T, Item>
  extends KitPageInfo<Item>,
    Omit<UseKitRequestResult<[], T>, "send"> {
  readonly page: number;
  readonly pageSize: number;
  /** Shows that page, loading it and aborting the load in flight. */
  readonly setPage: (page: number) => void;
  readonly setPageSize: (pageSize: number) => void;
  /** Loads the current page again. */
  readonly reload: () => Promise<T | undefined>;
}

/**
 * Page-by-page loading: the factory gets the page and page size,
 * `useKitPagination((page, size) => petApi.findPets(page, size), { total: (data) => data.total })`.
 * `setPage` and `setPageSize` load that page, aborting the load in flight.
 */
export function useKitPagination<T, Item = KitPageItem<T>>(
  factory: (page: number, pageSize: number) => ReturnType<KitMethodFactory<[], T>>,
  options: UseKitPaginationOptions<T, Item> = {},
): UseKitPaginationResult<T, Item> {
  const [page, setPage] = useState(options.initialPage ?? 1);
  const [pageSize, setPageSize] = useState(options.initialPageSize ?? 10);
  const request = useKitRequest(() => factory(page, pageSize), {
    immediate: options.immediate,
    deps: [page, pageSize, ...(options.deps ?? [])],
  });
  return {
    ...request,
    ...pageInfo(request.data, pageSize, page, options),
    page,
    pageSize,
    setPage,
    setPageSize,
    reload: () => request.send(),
  };
}
