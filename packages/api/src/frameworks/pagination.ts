/** What a pagination helper derives from one page's data. */
export interface KitPageInfo<Item> {
  readonly items: readonly Item[];
  /** All items on all pages, when the `total` option reads it from the data. */
  readonly total: number | undefined;
  readonly pageCount: number | undefined;
  readonly isLastPage: boolean;
}

/** Options both pagination helpers share. */
export interface KitPaginationOptions<T, Item> {
  /** The first page to load; pages count from 1 unless you start elsewhere. Default 1. */
  readonly initialPage?: number;
  /** Items per page. Default 10. */
  readonly initialPageSize?: number;
  /** The page's items in the data; default: the data itself when it is an array. */
  readonly items?: (data: T) => readonly Item[];
  /** The number of all items, read from the data; without it the last page is a short one. */
  readonly total?: (data: T) => number;
}

/** The item type of a page whose data is an array. */
export type KitPageItem<T> = T extends readonly (infer Item)[] ? Item : unknown;

export function pageInfo<T, Item>(
  data: T | undefined,
  pageSize: number,
  page: number,
  options: KitPaginationOptions<T, Item>,
): KitPageInfo<Item> {
  if (data === undefined) {
    return { items: [], total: undefined, pageCount: undefined, isLastPage: false };
  }
  const items = options.items
    ? options.items(data)
    : Array.isArray(data)
      ? (data as readonly Item[])
      : [];
  const total = options.total?.(data);
  if (total === undefined) {
    return { items, total, pageCount: undefined, isLastPage: items.length < pageSize };
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = options.initialPage ?? 1;
  return { items, total, pageCount, isLastPage: page - first + 1 >= pageCount };
}
