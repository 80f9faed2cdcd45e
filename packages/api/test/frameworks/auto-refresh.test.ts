/*
 * Auto refresh: polling, and refreshing on focus, reconnect and visibility. Node has no window or
 * document, so each test gives globalThis the two event targets a browser has (the example apps'
 * browser tests show the same in Chromium); time is faked, the pet server is real.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { nextTick, ref } from "vue";
import { useKitRequest as useReactRequest } from "../../src/react/index.js";
import { useKitPagination, useKitRequest } from "../../src/vue/index.js";
import { fakeTimers, mount, quietFor, renderHook } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());

/** A browser's window (globalThis) and document, as far as auto refresh listens to them. */
const browser = {
  window: new EventTarget(),
  document: Object.assign(new EventTarget(), { visibilityState: "visible" }),
  show(visibility: "visible" | "hidden") {
    this.document.visibilityState = visibility;
    this.document.dispatchEvent(new Event("visibilitychange"));
  },
};
const scope = globalThis as unknown as Record<string, unknown>;
beforeEach(() => {
  browser.window = new EventTarget();
  browser.document = Object.assign(new EventTarget(), { visibilityState: "visible" });
  scope.addEventListener = browser.window.addEventListener.bind(browser.window);
  scope.removeEventListener = browser.window.removeEventListener.bind(browser.window);
  scope.document = browser.document;
  scope.window = globalThis;
  fakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  delete scope.addEventListener;
  delete scope.removeEventListener;
  delete scope.document;
  delete scope.window;
});

const since = (before: number) => server.requests.slice(before);

describe("polling", () => {
  test("sends again 1 s after each answer, pauses while the page is hidden and catches up when shown", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const { stop } = mount(() => useKitRequest(() => api.getPet(1), { polling: 1000 }));
    await server.arrived(before + 1);
    await quietFor(20);
    vi.advanceTimersByTime(999);
    await quietFor(20);
    expect(since(before)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await server.arrived(before + 2);
    await quietFor(20);
    browser.show("hidden");
    vi.advanceTimersByTime(10_000);
    await quietFor(30);
    expect(since(before)).toHaveLength(2);
    browser.show("visible");
    await server.arrived(before + 3);
    await quietFor(20);
    stop();
    vi.advanceTimersByTime(10_000);
    await quietFor(30);
    expect(since(before)).toEqual(["/pets/1", "/pets/1", "/pets/1"]);
  });

  test("shown again before the next poll is due, it waits for the rest of the interval", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const { stop } = mount(() => useKitRequest(() => api.getPet(2), { polling: 1000 }));
    await server.arrived(before + 1);
    await quietFor(20);
    browser.show("hidden");
    vi.advanceTimersByTime(400);
    browser.show("visible");
    await quietFor(20);
    expect(since(before)).toHaveLength(1);
    vi.advanceTimersByTime(600);
    await server.arrived(before + 2);
    stop();
  });

  test("pollingWhenHidden keeps polling; enabled false stops it until enabled again", async () => {
    const api = petApiFor(server.origin);
    const enabled = ref(true);
    const before = server.requests.length;
    const { stop } = mount(() =>
      useKitRequest(() => api.getPet(3), { polling: 500, pollingWhenHidden: true, enabled }),
    );
    await server.arrived(before + 1);
    await quietFor(20);
    browser.show("hidden");
    vi.advanceTimersByTime(500);
    await server.arrived(before + 2);
    await quietFor(20);
    enabled.value = false;
    await nextTick();
    vi.advanceTimersByTime(5000);
    await quietFor(30);
    expect(since(before)).toHaveLength(2);
    enabled.value = true;
    await server.arrived(before + 3);
    stop();
  });

  test("a page list polls its current page", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const { state, stop } = mount(() =>
      useKitPagination((page, size) => api.listPets(page, size), {
        items: (data) => data.items,
        total: (data) => data.total,
        polling: 1000,
      }),
    );
    await vi.waitFor(() => expect(state.pageCount.value).toBe(3));
    state.goTo(2);
    await server.arrived(before + 2);
    await quietFor(20);
    vi.advanceTimersByTime(1000);
    await server.arrived(before + 3);
    expect(since(before)).toEqual([
      "/pets?page=1&size=10",
      "/pets?page=2&size=10",
      "/pets?page=2&size=10",
    ]);
    stop();
  });
});

describe("on a server (no window)", () => {
  test("polling does not run, so nothing outlives the rendered page", async () => {
    delete scope.window;
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const { stop } = mount(() => useKitRequest(() => api.getPet(12), { polling: 100 }));
    await server.arrived(before + 1);
    await quietFor(20);
    vi.advanceTimersByTime(1000);
    await quietFor(30);
    expect(since(before)).toEqual(["/pets/12"]);
    stop();
  });
});

describe("refresh events", () => {
  test("focus, reconnect and visibility each send again, with the last send's arguments", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const { state, stop } = mount(() =>
      useKitRequest((id: number) => api.getPet(id), {
        immediate: false,
        refreshOnFocus: true,
        refreshOnReconnect: true,
        refreshOnVisible: true,
      }),
    );
    await state.send(8);
    browser.window.dispatchEvent(new Event("focus"));
    await server.arrived(before + 2);
    await quietFor(20);
    browser.window.dispatchEvent(new Event("online"));
    await server.arrived(before + 3);
    await quietFor(20);
    browser.show("hidden");
    browser.show("visible");
    await server.arrived(before + 4);
    expect(since(before)).toEqual(["/pets/8", "/pets/8", "/pets/8", "/pets/8"]);
    stop();
    browser.window.dispatchEvent(new Event("focus"));
    await quietFor(30);
    expect(since(before)).toHaveLength(4);
  });

  test("without the options the events send nothing; a refresh while a send is in flight is skipped", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const quiet = mount(() => useKitRequest(() => api.getPet(9)));
    await server.arrived(before + 1);
    await quietFor(20);
    browser.window.dispatchEvent(new Event("focus"));
    browser.window.dispatchEvent(new Event("online"));
    await quietFor(30);
    expect(since(before)).toHaveLength(1);
    quiet.stop();

    const busy = mount(() => useKitRequest(() => api.getPet(10, 1), { refreshOnFocus: true }));
    await server.arrived(before + 2);
    browser.window.dispatchEvent(new Event("focus"));
    await quietFor(30);
    expect(since(before)).toEqual(["/pets/9", "/pets/10?hold=1"]);
    server.release();
    busy.stop();
  });

  test("React: focus refreshes, unmounting removes the listener", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const view = renderHook(
      () => useReactRequest(() => api.getPet(11), { refreshOnFocus: true }),
      {},
    );
    await server.arrived(before + 1);
    await vi.waitFor(() => expect(view.latest().loading).toBe(false));
    browser.window.dispatchEvent(new Event("focus"));
    await server.arrived(before + 2);
    await vi.waitFor(() => expect(view.latest().loading).toBe(false));
    view.unmount();
    await quietFor(20);
    browser.window.dispatchEvent(new Event("focus"));
    await quietFor(30);
    expect(since(before)).toEqual(["/pets/11", "/pets/11"]);
  });
});
