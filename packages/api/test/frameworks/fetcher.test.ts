/* The fetcher strategy: prefetching into the cache plugin, and refreshing what is on screen. */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { KitHttpError, KitOptionsError } from "../../src/index.js";
import { cache } from "../../src/plugins/index.js";
import { useKitFetcher as useReactFetcher } from "../../src/react/index.js";
import { useKitFetcher, useKitPagination, useKitRequest } from "../../src/vue/index.js";
import { mount, quietFor, renderHook } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
const scope = globalThis as { window?: unknown };
beforeAll(async () => {
  server = await startPetServer();
  // As in a browser: requests are listed for refresh only where there is a window.
  scope.window = globalThis;
});
afterAll(async () => {
  delete scope.window;
  await server.close();
});

const since = (before: number) => server.requests.slice(before);

describe("prefetch", () => {
  test("with the cache plugin, the page that shows the data next is answered without a request", async () => {
    const api = petApiFor(server.origin, cache({ ttl: 60_000 }));
    const before = server.requests.length;
    const fetcher = mount(() => useKitFetcher());
    const pending = fetcher.state.prefetch(api.getPet(3));
    expect(fetcher.state.loading.value).toBe(true);
    expect(await pending).toMatchObject({ ok: true, data: { id: 3, name: "Pet 3" } });
    expect(fetcher.state.loading.value).toBe(false);
    const shown = mount(() => useKitRequest(() => api.getPet(3)));
    await vi.waitFor(() => expect(shown.state.data.value).toEqual({ id: 3, name: "Pet 3" }));
    expect(since(before)).toEqual(["/pets/3"]);
    shown.stop();
    fetcher.stop();
  });

  test("a failed prefetch resolves its error and shows it; it never rejects", async () => {
    const api = petApiFor(server.origin);
    const fetcher = mount(() => useKitFetcher());
    const outcome = await fetcher.state.prefetch(api.getPet(404));
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toBeInstanceOf(KitHttpError);
    expect(fetcher.state.error.value).toBe(outcome.error);
    fetcher.stop();
  });

  test("React: unmounting aborts a prefetch in flight", async () => {
    const api = petApiFor(server.origin);
    const closedBefore = server.closed.length;
    const view = renderHook(() => useReactFetcher(), {});
    await vi.waitFor(() => expect(view.renders.length).toBeGreaterThan(0));
    void view.latest().prefetch(api.getPet(4, 1));
    await vi.waitFor(() => expect(server.requests).toContain("/pets/4?hold=1"));
    view.unmount();
    await server.closedCount(closedBefore + 1);
    expect(server.closed.at(-1)).toBe("/pets/4?hold=1");
  });
});

describe("refresh", () => {
  test("re-sends the mounted requests under an API method or one call, not the others, nor unmounted ones", async () => {
    const api = petApiFor(server.origin);
    const one = mount(() => useKitRequest(() => api.getPet(1)));
    const two = mount(() => useKitRequest(() => api.getPet(2)));
    const gone = mount(() => useKitRequest(() => api.getPet(5)));
    const list = mount(() => useKitPagination((page, size) => api.listPets(page, size)));
    await vi.waitFor(() => expect(two.state.data.value).toBeDefined());
    await vi.waitFor(() => expect(list.state.data.value).toBeDefined());
    gone.stop();
    const fetcher = mount(() => useKitFetcher());
    const before = server.requests.length;
    expect(await fetcher.state.refresh(api.getPet)).toBe(2);
    expect(since(before).sort()).toEqual(["/pets/1", "/pets/2"]);
    expect(await fetcher.state.refresh(api.getPet(2))).toBe(1);
    expect(await fetcher.state.refresh(api)).toBe(3);
    await quietFor(20);
    expect(since(before)).toHaveLength(6);
    for (const view of [one, two, list, fetcher]) view.stop();
  });

  test("on a server (no window) requests are not listed, so none is kept after rendering", async () => {
    delete scope.window;
    try {
      const api = petApiFor(server.origin);
      const shown = mount(() => useKitRequest(() => api.getPet(20)));
      await vi.waitFor(() => expect(shown.state.data.value).toBeDefined());
      const fetcher = mount(() => useKitFetcher());
      expect(await fetcher.state.refresh(api.getPet(20))).toBe(0);
      shown.stop();
      fetcher.stop();
    } finally {
      scope.window = globalThis;
    }
  });

  test("refuses a target that is no API object, method or call, naming refresh()", async () => {
    const fetcher = mount(() => useKitFetcher());
    await expect(fetcher.state.refresh({ nothing: 1 })).rejects.toThrow(
      new KitOptionsError(
        "KIT_QUERY_KEY_TARGET",
        "useKitFetcher().refresh() takes an API object, one of its methods or a KitMethod, got object",
      ),
    );
    fetcher.stop();
  });
});
