/*
 * The watcher strategy: watched state re-sends, debounced or throttled per source (fake timers,
 * the loopback server answers), and what is shown while the new send loads.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { nextTick, ref } from "vue";
import { KitOptionsError } from "../../src/index.js";
import { useKitRequest as useReactRequest } from "../../src/react/index.js";
import { useKitRequest } from "../../src/vue/index.js";
import { fakeTimers, mount, quietFor, renderHook } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The requests that arrived since `before`. */
const since = (before: number) => server.requests.slice(before);

describe("debounce", () => {
  test("typing 'abc' sends one request, 300 ms after the last key, with 'abc'", async () => {
    fakeTimers();
    const api = petApiFor(server.origin);
    const q = ref("");
    const before = server.requests.length;
    const { state, stop } = mount(() =>
      useKitRequest(() => api.listPets(1, 5, q.value), {
        watch: [q],
        debounce: 300,
        immediate: false,
      }),
    );
    for (const text of ["a", "ab", "abc"]) {
      q.value = text;
      await nextTick();
      vi.advanceTimersByTime(100);
    }
    await quietFor(30);
    expect(since(before)).toEqual([]);
    vi.advanceTimersByTime(200);
    await server.arrived(before + 1);
    await vi.waitFor(() => expect(state.data.value).toEqual({ items: [], total: 0 }));
    await quietFor(30);
    expect(since(before)).toEqual(["/pets?page=1&size=5&q=abc"]);
    stop();
  });

  test("per source: the page sends at once while the filter waits its 300 ms", async () => {
    fakeTimers();
    const api = petApiFor(server.origin);
    const q = ref("");
    const page = ref(1);
    const before = server.requests.length;
    const { stop } = mount(() =>
      useKitRequest(() => api.listPets(page.value, 5, q.value), {
        watch: [q, page],
        debounce: [300, 0],
        immediate: false,
      }),
    );
    page.value = 2;
    await nextTick();
    await server.arrived(before + 1);
    q.value = "1";
    await nextTick();
    vi.advanceTimersByTime(299);
    await quietFor(30);
    expect(since(before)).toEqual(["/pets?page=2&size=5&q="]);
    vi.advanceTimersByTime(1);
    await server.arrived(before + 2);
    expect(since(before)).toEqual(["/pets?page=2&size=5&q=", "/pets?page=2&size=5&q=1"]);
    stop();
  });

  test("React: deps debounce the same way", async () => {
    fakeTimers();
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const view = renderHook(
      ({ q }: { q: string }) =>
        useReactRequest(() => api.listPets(1, 5, q), {
          deps: [q],
          debounce: 300,
          immediate: false,
        }),
      { q: "" },
    );
    for (const q of ["P", "Pe", "Pet 2"]) {
      view.rerender({ q });
      await quietFor(10);
      vi.advanceTimersByTime(100);
    }
    await quietFor(30);
    expect(since(before)).toEqual([]);
    vi.advanceTimersByTime(200);
    await vi.waitFor(() => expect(view.latest().data?.total).toBe(5));
    expect(since(before)).toEqual(["/pets?page=1&size=5&q=Pet%202"]);
    view.unmount();
  });

  test("unmounting drops a send still waiting for its debounce", async () => {
    fakeTimers();
    const api = petApiFor(server.origin);
    const q = ref("");
    const before = server.requests.length;
    const { stop } = mount(() =>
      useKitRequest(() => api.listPets(1, 5, q.value), {
        watch: [q],
        debounce: 300,
        immediate: false,
      }),
    );
    q.value = "x";
    await nextTick();
    stop();
    vi.advanceTimersByTime(1000);
    await quietFor(30);
    expect(since(before)).toEqual([]);
  });
});

describe("throttle", () => {
  test("the first change sends at once, the changes within 1 s once more when it ends", async () => {
    fakeTimers();
    const api = petApiFor(server.origin);
    const id = ref(1);
    const before = server.requests.length;
    const { stop } = mount(() =>
      useKitRequest(() => api.getPet(id.value), { watch: [id], throttle: 1000, immediate: false }),
    );
    id.value = 2;
    await nextTick();
    await server.arrived(before + 1);
    for (const next of [3, 4, 5]) {
      vi.advanceTimersByTime(200);
      id.value = next;
      await nextTick();
    }
    await quietFor(30);
    expect(since(before)).toEqual(["/pets/2"]);
    vi.advanceTimersByTime(400);
    await server.arrived(before + 2);
    expect(since(before)).toEqual(["/pets/2", "/pets/5"]);
    vi.advanceTimersByTime(1000);
    id.value = 6;
    await nextTick();
    await server.arrived(before + 3);
    expect(since(before)).toEqual(["/pets/2", "/pets/5", "/pets/6"]);
    stop();
  });
});

describe("what shows while the new send loads", () => {
  test("the last data stays (stale-while-revalidate) until the new answer replaces it", async () => {
    const api = petApiFor(server.origin);
    const id = ref(81);
    const { state, stop } = mount(() =>
      useKitRequest(() => api.getPet(id.value, 1), { watch: [id] }),
    );
    await vi.waitFor(() => expect(server.requests).toContain("/pets/81?hold=1"));
    server.release();
    await vi.waitFor(() => expect(state.data.value).toEqual({ id: 81, name: "Pet 81" }));
    id.value = 82;
    await vi.waitFor(() => expect(server.requests).toContain("/pets/82?hold=1"));
    expect(state.loading.value).toBe(true);
    expect(state.data.value).toEqual({ id: 81, name: "Pet 81" });
    server.release();
    await vi.waitFor(() => expect(state.data.value).toEqual({ id: 82, name: "Pet 82" }));
    stop();
  });
});

describe("bad timing options", () => {
  test("a negative or non-number delay is refused when set up, naming the option", () => {
    const api = petApiFor(server.origin);
    expect(() => mount(() => useKitRequest(() => api.getPet(1), { debounce: -1 }))).toThrow(
      new KitOptionsError(
        "KIT_STRATEGY_OPTION_INVALID",
        "useKitRequest({ debounce }) must be a number of milliseconds, 0 or more, got -1",
      ),
    );
    expect(() =>
      mount(() => useKitRequest(() => api.getPet(1), { throttle: [0, Number.NaN] })),
    ).toThrow("useKitRequest({ throttle }) must be a number of milliseconds, 0 or more, got NaN");
  });
});
