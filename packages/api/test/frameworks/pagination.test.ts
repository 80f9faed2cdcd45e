/*
 * The pagination strategy against the loopback pet server (23 pets, `q` filters by name): page and
 * page size validation, navigation, filter reset, append mode, preloading and edits in place.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { nextTick, ref } from "vue";
import { KitOptionsError } from "../../src/index.js";
import { useKitPagination as useReactPagination } from "../../src/react/index.js";
import { useKitPagination } from "../../src/vue/index.js";
import { fakeTimers, mount, quietFor, renderHook } from "./mount.js";
import { type PetApi, type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

const since = (before: number) => server.requests.slice(before);
const ids = (items: readonly { id: number }[]) => items.map((pet) => pet.id);

type Api = ReturnType<typeof petApiFor>;
const pages = (api: Api, q?: () => string) => (page: number, size: number) =>
  api.listPets(page, size, q?.());
const fromData = {
  items: (data: Awaited<ReturnType<PetApi["listPets"]>>) => data.items,
  total: (data: Awaited<ReturnType<PetApi["listPets"]>>) => data.total,
};

describe("page size (issue 34, item 12)", () => {
  test("0, NaN, -5 and 2.5 are ignored: nothing is sent with them and the page count stays finite", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitPagination(pages(api), { ...fromData, initialPageSize: 5 }),
    );
    await vi.waitFor(() => expect(state.pageCount.value).toBe(5));
    const before = server.requests.length;
    for (const size of [0, Number.NaN, -5, 2.5, Number.POSITIVE_INFINITY]) {
      state.pageSize.value = size;
      state.setPageSize(size);
    }
    await nextTick();
    await quietFor(30);
    expect(since(before)).toEqual([]);
    expect(state.pageSize.value).toBe(5);
    expect(state.pageCount.value).toBe(5);
    stop();
  });

  test("React: setPageSize and setPage ignore nonsense the same way", async () => {
    const api = petApiFor(server.origin);
    const view = renderHook(
      () => useReactPagination(pages(api), { ...fromData, initialPageSize: 5 }),
      {},
    );
    await vi.waitFor(() => expect(view.latest().pageCount).toBe(5));
    const before = server.requests.length;
    for (const size of [0, Number.NaN, -5, 2.5]) view.latest().setPageSize(size);
    for (const page of [Number.NaN, 1.5]) view.latest().setPage(page);
    await quietFor(30);
    expect(since(before)).toEqual([]);
    expect(view.latest()).toMatchObject({ page: 1, pageSize: 5, pageCount: 5 });
    view.unmount();
  });

  test("a nonsense initialPageSize or initialPage is refused when set up, naming the option", () => {
    const api = petApiFor(server.origin);
    expect(() => mount(() => useKitPagination(pages(api), { initialPageSize: 0 }))).toThrow(
      new KitOptionsError(
        "KIT_STRATEGY_OPTION_INVALID",
        "useKitPagination({ initialPageSize }) must be a whole number of at least 1, got 0",
      ),
    );
    expect(() =>
      mount(() => useKitPagination(pages(api), { initialPageSize: Number.NaN })),
    ).toThrow(
      "useKitPagination({ initialPageSize }) must be a whole number of at least 1, got NaN",
    );
    expect(() => mount(() => useKitPagination(pages(api), { initialPage: 1.5 }))).toThrow(
      "useKitPagination({ initialPage }) must be a whole number, got 1.5",
    );
  });

  test("a new page size goes back to the first page", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() => useKitPagination(pages(api), fromData));
    await vi.waitFor(() => expect(state.pageCount.value).toBe(3));
    state.page.value = 3;
    await vi.waitFor(() => expect(ids(state.items.value)).toEqual([21, 22, 23]));
    const before = server.requests.length;
    state.pageSize.value = 20;
    await vi.waitFor(() => expect(state.items.value).toHaveLength(20));
    expect(state.page.value).toBe(1);
    expect(state.pageCount.value).toBe(2);
    expect(since(before)).toEqual(["/pets?page=1&size=20"]);
    stop();
  });
});

describe("navigation", () => {
  test("next, prev and goTo stay between the first and the last page", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() => useKitPagination(pages(api), fromData));
    await vi.waitFor(() => expect(state.pageCount.value).toBe(3));
    state.prev();
    expect(state.page.value).toBe(1);
    state.next();
    await vi.waitFor(() => expect(ids(state.items.value)[0]).toBe(11));
    state.goTo(99);
    await vi.waitFor(() => expect(ids(state.items.value)).toEqual([21, 22, 23]));
    expect(state.page.value).toBe(3);
    expect(state.isLastPage.value).toBe(true);
    const before = server.requests.length;
    state.next();
    state.goTo(Number.NaN);
    state.goTo(2.5);
    await quietFor(30);
    expect(since(before)).toEqual([]);
    state.goTo(-4);
    await vi.waitFor(() => expect(ids(state.items.value)[0]).toBe(1));
    expect(state.page.value).toBe(1);
    expect(since(before)).toEqual(["/pets?page=1&size=10"]);
    stop();
  });

  test("an API that counts pages from 0 starts at initialPage 0", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitPagination((page, size) => api.listPets(page + 1, size), {
        ...fromData,
        initialPage: 0,
      }),
    );
    await vi.waitFor(() => expect(state.pageCount.value).toBe(3));
    state.goTo(2);
    await vi.waitFor(() => expect(state.isLastPage.value).toBe(true));
    state.goTo(-1);
    await vi.waitFor(() => expect(ids(state.items.value)[0]).toBe(1));
    expect(state.page.value).toBe(0);
    stop();
  });
});

describe("a watched filter sends the list back to the first page", () => {
  test("Vue: after its debounce, one request for page 1 with the new filter", async () => {
    fakeTimers();
    const api = petApiFor(server.origin);
    const q = ref("");
    const { state, stop } = mount(() =>
      useKitPagination(
        pages(api, () => q.value),
        { ...fromData, watch: [q], debounce: 300 },
      ),
    );
    await vi.waitFor(() => expect(state.pageCount.value).toBe(3));
    state.page.value = 3;
    await vi.waitFor(() => expect(ids(state.items.value)).toEqual([21, 22, 23]));
    const before = server.requests.length;
    for (const text of ["P", "Pe", "Pet 1"]) {
      q.value = text;
      await nextTick();
      vi.advanceTimersByTime(100);
    }
    expect(state.page.value).toBe(1);
    await quietFor(30);
    expect(since(before)).toEqual([]);
    vi.advanceTimersByTime(200);
    await vi.waitFor(() => expect(state.total.value).toBe(11));
    expect(since(before)).toEqual(["/pets?page=1&size=10&q=Pet%201"]);
    expect(ids(state.items.value)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(state.pageCount.value).toBe(2);
    stop();
  });

  test("React: a changed dep goes back to page 1", async () => {
    const api = petApiFor(server.origin);
    const view = renderHook(
      ({ q }: { q: string }) =>
        useReactPagination((page, size) => api.listPets(page, size, q), {
          ...fromData,
          initialPageSize: 5,
          deps: [q],
        }),
      { q: "" },
    );
    await vi.waitFor(() => expect(view.latest().pageCount).toBe(5));
    view.latest().goTo(4);
    await vi.waitFor(() => expect(ids(view.latest().items)[0]).toBe(16));
    const before = server.requests.length;
    view.rerender({ q: "2" });
    await vi.waitFor(() => expect(view.latest().total).toBe(6));
    expect(view.latest().page).toBe(1);
    expect(since(before)).toEqual(["/pets?page=1&size=5&q=2"]);
    view.unmount();
  });
});

describe("append mode (load more, infinite lists)", () => {
  test("loadMore adds the next page below; the last page ends it; a filter starts the list again", async () => {
    const api = petApiFor(server.origin);
    const q = ref("");
    const { state, stop } = mount(() =>
      useKitPagination(
        pages(api, () => q.value),
        { ...fromData, append: true, watch: [q] },
      ),
    );
    await vi.waitFor(() => expect(state.items.value).toHaveLength(10));
    state.loadMore();
    state.loadMore();
    await vi.waitFor(() => expect(state.items.value).toHaveLength(20));
    expect(state.page.value).toBe(2);
    state.loadMore();
    await vi.waitFor(() => expect(state.items.value).toHaveLength(23));
    expect(ids(state.items.value)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(state.isLastPage.value).toBe(true);
    const before = server.requests.length;
    state.loadMore();
    await quietFor(30);
    expect(since(before)).toEqual([]);
    q.value = "2";
    await vi.waitFor(() => expect(state.items.value).toHaveLength(6));
    expect(state.page.value).toBe(1);
    expect(since(before)).toEqual(["/pets?page=1&size=10&q=2"]);
    stop();
  });

  test("refresh(page) reloads one loaded page in place; reload starts again from page 1", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitPagination(pages(api), { ...fromData, append: true, initialPageSize: 5 }),
    );
    await vi.waitFor(() => expect(state.items.value).toHaveLength(5));
    state.loadMore();
    await vi.waitFor(() => expect(state.items.value).toHaveLength(10));
    state.remove(0);
    expect(ids(state.items.value)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const before = server.requests.length;
    await state.refresh(1);
    expect(ids(state.items.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(state.page.value).toBe(2);
    await state.reload();
    expect(ids(state.items.value)).toEqual([1, 2, 3, 4, 5]);
    expect(state.page.value).toBe(1);
    expect(since(before)).toEqual(["/pets?page=1&size=5", "/pets?page=1&size=5"]);
    stop();
  });
});

describe("preloading", () => {
  test("the next page is fetched in the background; going there shows it without a request", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const { state, stop } = mount(() =>
      useKitPagination(pages(api), { ...fromData, preload: true }),
    );
    await vi.waitFor(() =>
      expect(since(before)).toEqual(["/pets?page=1&size=10", "/pets?page=2&size=10"]),
    );
    await quietFor(20);
    state.next();
    expect(state.loading.value).toBe(false);
    expect(ids(state.items.value)[0]).toBe(11);
    await vi.waitFor(() => expect(since(before)).toContain("/pets?page=3&size=10"));
    state.next();
    expect(ids(state.items.value)).toEqual([21, 22, 23]);
    await quietFor(30);
    expect(since(before)).toEqual([
      "/pets?page=1&size=10",
      "/pets?page=2&size=10",
      "/pets?page=3&size=10",
    ]);
    stop();
  });
});

describe("items changed in place", () => {
  test("insert, remove and replace change items and total without a request", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitPagination(pages(api), { ...fromData, initialPageSize: 5 }),
    );
    await vi.waitFor(() => expect(state.total.value).toBe(23));
    const before = server.requests.length;
    state.insert({ id: 100, name: "New" });
    state.insert({ id: 101, name: "Last" }, 6);
    state.replace(1, { id: 1, name: "Renamed" });
    state.remove(2);
    state.remove(99);
    expect(state.items.value).toEqual([
      { id: 100, name: "New" },
      { id: 1, name: "Renamed" },
      { id: 3, name: "Pet 3" },
      { id: 4, name: "Pet 4" },
      { id: 5, name: "Pet 5" },
      { id: 101, name: "Last" },
    ]);
    expect(state.total.value).toBe(24);
    expect(state.pageCount.value).toBe(5);
    await quietFor(20);
    expect(since(before)).toEqual([]);
    stop();
  });
});
