import { checkWhole, isWholeAtLeast } from "./options.js";
import {
  type KitFactoryState,
  type KitRequestOptions,
  type KitRequestState,
  RequestCore,
} from "./request-core.js";
import type {
  KitFactoryData,
  KitFactoryEnvelope,
  KitFactoryError,
  KitFactoryOutcome,
  KitMethodFactory,
} from "./types.js";
import { WatchTiming } from "./watch-timing.js";

/** What the pagination strategies take: a function of the page and its size that builds a method. */
export type KitPageFactory = KitMethodFactory<[page: number, pageSize: number]>;

/** The item type of a page whose data is an array. */
export type KitPageItem<T> = T extends readonly (infer Item)[] ? Item : unknown;

/** Options both pagination strategies take, besides the request options. */
export interface KitPaginationOptions<F, Item> extends KitRequestOptions<F> {
  /**
   * The first page, where the list starts and where a changed filter or page size sends it back:
   * `1` (default), or `0` for an API that counts pages from 0.
   */
  readonly initialPage?: number;
  /** Items per page, a whole number of at least 1. Default 10. */
  readonly initialPageSize?: number;
  /** The page's items in the data; default: the data itself when it is an array. */
  readonly items?: (data: KitFactoryData<F>) => readonly Item[];
  /** The number of all items, read from the data; without it the last page is a short one. */
  readonly total?: (data: KitFactoryData<F>) => number | undefined;
  /**
   * `true`: each next page is added below the ones shown ("load more", infinite lists).
   * Default `false`: a page replaces the one shown.
   */
  readonly append?: boolean;
  /** Load the next page in the background after each page, so going there shows it at once. */
  readonly preload?: boolean;
}

/** A page list's state: the request's, and where in the list it is. */
export interface KitPageState<T, E, Envelope, Item> extends KitRequestState<T, E, Envelope> {
  /** The page shown; in append mode, the last page loaded. */
  readonly page: number;
  readonly pageSize: number;
  /** The items shown: one page's, or in append mode every loaded page's. */
  readonly items: readonly Item[];
  /** All items on all pages, when the `total` option reads it; counts `insert` and `remove`. */
  readonly total: number | undefined;
  readonly pageCount: number | undefined;
  readonly isLastPage: boolean;
}

export type KitFactoryPageState<F, Item> = KitPageState<
  KitFactoryData<F>,
  KitFactoryError<F>,
  KitFactoryEnvelope<F>,
  Item
>;

/** What both pagination strategies do besides showing state. */
export interface KitPaginationActions<F, Item> {
  /** Shows that page (clamped to the first and, when known, the last page); other values are ignored. */
  readonly goTo: (page: number) => void;
  readonly next: () => void;
  readonly prev: () => void;
  /** The next page; in append mode it is added below the others. Nothing on the last page. */
  readonly loadMore: () => void;
  /** Another page size (a whole number of at least 1; other values are ignored), from the first page. */
  readonly setPageSize: (pageSize: number) => void;
  /** Loads the current page again; in append mode the list starts again from the first page. */
  readonly reload: () => Promise<KitFactoryOutcome<F>>;
  /** Loads one loaded page again (default the current one) and shows its fresh items in place. */
  readonly refresh: (page?: number) => Promise<void>;
  /** Adds an item at `index` (default 0) of `items` without a request; `total` counts it. */
  readonly insert: (item: Item, index?: number) => void;
  /** Removes the item at `index` of `items` without a request; `total` counts it. */
  readonly remove: (index: number) => void;
  /** Replaces the item at `index` of `items` without a request. */
  readonly replace: (index: number, item: Item) => void;
  /** Aborts the load in flight; `error` becomes its `KitAbortError`. */
  readonly abort: (reason?: unknown) => void;
}

interface Preloaded<T> {
  readonly page: number;
  readonly pageSize: number;
  readonly data: T;
}

/**
 * The framework-neutral page list: page and page size (validated, clamped), replace or append
 * mode, preloading, and items changed in place. Watched filters send it back to the first page.
 */
export class PaginationCore<F extends KitPageFactory, Item> {
  readonly request: RequestCore<F>;
  readonly #factory: () => F;
  readonly #options: () => KitPaginationOptions<F, Item>;
  readonly #first: number;
  readonly #listeners = new Set<() => void>();
  readonly #timing: WatchTiming;
  #page: number;
  #pageSize: number;
  /** The items of each loaded page, from the first page on (one page in replace mode). */
  #pages: (readonly Item[])[] = [];
  #total: number | undefined;
  /** Items inserted minus items removed since `total` was read. */
  #delta = 0;
  /** The next load starts the list again (a filter or the page size changed, or a reload). */
  #restart = false;
  /** Counts resets, so a preload begun before one is not shown after it. */
  #generation = 0;
  #preloaded: Preloaded<KitFactoryData<F>> | undefined;
  #preloading: AbortController | undefined;
  #state: KitFactoryPageState<F, Item>;

  constructor(setup: {
    readonly where: string;
    readonly factory: () => F;
    readonly options: () => KitPaginationOptions<F, Item>;
    readonly enabled: boolean;
  }) {
    const { where, options } = setup;
    const initial = options();
    checkWhole(`${where}({ initialPage })`, initial.initialPage);
    checkWhole(`${where}({ initialPageSize })`, initial.initialPageSize, 1);
    this.#factory = setup.factory;
    this.#options = options;
    this.#first = initial.initialPage ?? 1;
    this.#page = this.#first;
    this.#pageSize = initial.initialPageSize ?? 10;
    this.request = new RequestCore<F>({
      where,
      factory: setup.factory,
      options,
      enabled: setup.enabled,
      args: [this.#page, this.#pageSize] as never,
      loaded: (data, [page]) => this.#loaded(data, page),
    });
    this.#timing = new WatchTiming(() => this.#load(this.#first), options);
    this.#state = this.#snapshot();
    this.request.subscribe(() => this.#emit());
  }

  get state(): KitFactoryPageState<F, Item> {
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  start(): void {
    this.request.start();
  }

  setEnabled(enabled: boolean): void {
    this.request.setEnabled(enabled);
  }

  stop(): void {
    this.#timing.cancel();
    this.#dropPreload();
    this.request.stop();
  }

  /** Watched filters changed: back to the first page, sent after their debounce or throttle. */
  changed(sources: readonly number[]): void {
    this.#reset();
    this.#emit();
    this.#timing.changed(sources);
  }

  goTo = (page: number): void => {
    if (!isWholeAtLeast(page, Number.MIN_SAFE_INTEGER)) return;
    const last = this.#lastPage();
    const target = Math.max(this.#first, last === undefined ? page : Math.min(page, last));
    const append = this.#options().append ?? false;
    if (append) {
      if (target !== this.#page + 1 || this.#pages.length === 0) this.#restart = true;
    } else {
      this.#page = target;
      this.#emit();
    }
    this.#load(target);
  };

  next = (): void => {
    if (!this.#state.isLastPage) this.goTo(this.#page + 1);
  };

  prev = (): void => this.goTo(this.#page - 1);

  loadMore = (): void => {
    if (this.request.state.loading) return;
    this.next();
  };

  setPageSize = (pageSize: number): void => {
    if (!isWholeAtLeast(pageSize, 1) || pageSize === this.#pageSize) return;
    this.#pageSize = pageSize;
    this.#timing.cancel();
    this.#reset();
    this.#emit();
    this.#load(this.#first);
  };

  reload = (): Promise<KitFactoryOutcome<F>> => {
    this.#timing.cancel();
    const append = this.#options().append ?? false;
    this.#dropPreload();
    this.#generation++;
    if (append) this.#restart = true;
    return this.request.send(...([append ? this.#first : this.#page, this.#pageSize] as never));
  };

  refresh = async (page: number = this.#page): Promise<void> => {
    const append = this.#options().append ?? false;
    const loaded = append ? page - this.#first < this.#pages.length : page === this.#page;
    if (this.#preloaded?.page === page) this.#preloaded = undefined;
    if (page < this.#first || !loaded) return;
    await this.request.send(...([page, this.#pageSize] as never));
  };

  insert = (item: Item, index = 0): void => {
    this.#edit(index, true, (items, at) => items.splice(at, 0, item));
    this.#delta++;
    this.#emit();
  };

  remove = (index: number): void => {
    if (this.#edit(index, false, (items, at) => items.splice(at, 1))) {
      this.#delta--;
      this.#emit();
    }
  };

  replace = (index: number, item: Item): void => {
    if (this.#edit(index, false, (items, at) => items.splice(at, 1, item))) this.#emit();
  };

  abort = (reason?: unknown): void => this.request.abort(reason);

  /** The actions both adapters hand to the component, as one object. */
  actions(): KitPaginationActions<F, Item> {
    const { goTo, next, prev, loadMore, setPageSize, reload, refresh, insert, remove } = this;
    const { replace, abort } = this;
    return {
      goTo,
      next,
      prev,
      loadMore,
      setPageSize,
      reload,
      refresh,
      insert,
      remove,
      replace,
      abort,
    };
  }

  /** Applies `change` to the page holding the item at `index` of the flat list. */
  #edit(index: number, inserting: boolean, change: (items: Item[], at: number) => void): boolean {
    if (!Number.isSafeInteger(index) || index < 0) return false;
    if (this.#pages.length === 0) this.#pages = [[]];
    let offset = index;
    for (let page = 0; page < this.#pages.length; page++) {
      const items = this.#pages[page]!;
      const last = page === this.#pages.length - 1;
      if (offset < items.length || (inserting && offset === items.length && last)) {
        const copy = [...items];
        change(copy, offset);
        this.#pages = this.#pages.map((other, i) => (i === page ? copy : other));
        return true;
      }
      offset -= items.length;
    }
    return false;
  }

  #load(page: number): void {
    const preloaded = this.#preloaded;
    const args = [page, this.#pageSize] as never;
    if (preloaded && preloaded.page === page && preloaded.pageSize === this.#pageSize) {
      this.#preloaded = undefined;
      this.request.show(preloaded.data, args);
    } else {
      this.request.auto(args);
    }
  }

  #loaded(data: KitFactoryData<F>, page: number): void {
    const options = this.#options();
    const items = options.items
      ? options.items(data)
      : Array.isArray(data)
        ? (data as readonly Item[])
        : [];
    const total = options.total?.(data);
    this.#total =
      typeof total === "number" && Number.isFinite(total) && total >= 0 ? total : undefined;
    this.#delta = 0;
    const index = page - this.#first;
    if (!(options.append ?? false) || this.#restart) {
      this.#pages = [items];
      this.#restart = false;
      this.#page = page;
    } else if (index >= 0 && index < this.#pages.length) {
      this.#pages = this.#pages.map((other, i) => (i === index ? items : other));
    } else {
      this.#pages = [...this.#pages, items];
      this.#page = page;
    }
    if (options.preload && !this.#isLast(this.#page)) this.#preload(this.#page + 1);
  }

  #preload(page: number): void {
    const pageSize = this.#pageSize;
    const held = this.#preloaded;
    if (held && held.page === page && held.pageSize === pageSize) return;
    this.#dropPreload();
    const controller = new AbortController();
    this.#preloading = controller;
    const generation = this.#generation;
    const factory = this.#factory() as unknown as (page: number, size: number) => ReturnType<F>;
    factory(page, pageSize)
      .sendWith({ signal: controller.signal })
      .then(
        (result) => {
          if (this.#preloading !== controller || generation !== this.#generation) return;
          this.#preloading = undefined;
          this.#preloaded = { page, pageSize, data: result.data as KitFactoryData<F> };
        },
        // A preload that fails leaves nothing behind: going to the page loads it as usual.
        () => {
          if (this.#preloading === controller) this.#preloading = undefined;
        },
      );
  }

  #dropPreload(): void {
    this.#preloading?.abort();
    this.#preloading = undefined;
    this.#preloaded = undefined;
  }

  /** Back to the first page; the list shown stays until that page arrives, unless `keepData` is false. */
  #reset(): void {
    this.#generation++;
    this.#dropPreload();
    this.#page = this.#first;
    this.#restart = true;
    if (this.#options().keepData === false) {
      this.#pages = [];
      this.#total = undefined;
      this.#delta = 0;
    }
  }

  #lastPage(): number | undefined {
    const count = this.#pageCount();
    return count === undefined ? undefined : this.#first + count - 1;
  }

  #pageCount(): number | undefined {
    if (this.#total === undefined) return undefined;
    return Math.max(1, Math.ceil((this.#total + this.#delta) / this.#pageSize));
  }

  #isLast(page: number): boolean {
    const last = this.#lastPage();
    if (last !== undefined) return page >= last;
    const shown = this.#pages.at(-1);
    return shown !== undefined && shown.length < this.#pageSize;
  }

  #snapshot(): KitFactoryPageState<F, Item> {
    const request: KitFactoryState<F> = this.request.state;
    return {
      ...request,
      page: this.#page,
      pageSize: this.#pageSize,
      items: this.#pages.length === 1 ? this.#pages[0]! : this.#pages.flat(),
      total: this.#total === undefined ? undefined : this.#total + this.#delta,
      pageCount: this.#pageCount(),
      isLastPage: this.#isLast(this.#page),
    };
  }

  #emit(): void {
    this.#state = this.#snapshot();
    for (const listener of this.#listeners) listener();
  }
}
