/* The event stream strategy against the pet server's feed (pets 1 to 3, then the stream stays open). */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { KitHttpError, KitOptionsError } from "../../src/index.js";
import { useKitEventStream as useReactEventStream } from "../../src/react/index.js";
import { useKitEventStream } from "../../src/vue/index.js";
import { mount, renderHook } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());

/** How many connections to the feed tagged `tag` the client closed. */
const feedClosed = (tag: string) =>
  server.closed.filter((path) => path === `/pets/feed?tag=${tag}`).length;

describe("useKitEventStream", () => {
  test("connecting, then open with the events, typed data parsed; the end of the scope closes it", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() => useKitEventStream(() => api.feed("scope")));
    expect(state.status.value).toBe("connecting");
    await vi.waitFor(() => expect(state.events.value).toHaveLength(3));
    expect(state.status.value).toBe("open");
    expect(state.events.value.map((event) => event.data)).toEqual([
      { id: 1, name: "Pet 1" },
      { id: 2, name: "Pet 2" },
      { id: 3, name: "Pet 3" },
    ]);
    expect(state.latest.value?.id).toBe("3");
    stop();
    await vi.waitFor(() => expect(feedClosed("scope")).toBe(1));
    expect(state.status.value).toBe("open");
  });

  test("limit keeps the latest events, filter only those it accepts", async () => {
    const api = petApiFor(server.origin);
    const limited = mount(() => useKitEventStream(() => api.feed(), { limit: 2 }));
    const odd = mount(() =>
      useKitEventStream(() => api.feed(), { filter: (event) => event.data.id % 2 === 1 }),
    );
    await vi.waitFor(() => expect(limited.state.latest.value?.data.id).toBe(3));
    expect(limited.state.events.value.map((event) => event.data.id)).toEqual([2, 3]);
    await vi.waitFor(() => expect(odd.state.latest.value?.data.id).toBe(3));
    expect(odd.state.events.value.map((event) => event.data.id)).toEqual([1, 3]);
    limited.stop();
    odd.stop();
  });

  test("close() closes the connection and shows closed; open() starts again with an empty list", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitEventStream(() => api.feed("close"), { immediate: false }),
    );
    expect(state.status.value).toBe("idle");
    state.open();
    await vi.waitFor(() => expect(state.events.value).toHaveLength(3));
    state.close();
    expect(state.status.value).toBe("closed");
    await vi.waitFor(() => expect(feedClosed("close")).toBe(1));
    state.open();
    expect(state.events.value).toEqual([]);
    await vi.waitFor(() => expect(state.events.value).toHaveLength(3));
    stop();
  });

  test("an HTTP error is the status error with the method's typed error", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitEventStream(() => api.getPet(404) as unknown as ReturnType<typeof api.feed>),
    );
    await vi.waitFor(() => expect(state.status.value).toBe("error"));
    expect(state.error.value).toBeInstanceOf(KitHttpError);
    stop();
  });

  test("a limit that is not a whole number of at least 1 is refused", () => {
    const api = petApiFor(server.origin);
    expect(() => mount(() => useKitEventStream(() => api.feed(), { limit: 0 }))).toThrow(
      new KitOptionsError(
        "KIT_STRATEGY_OPTION_INVALID",
        "useKitEventStream({ limit }) must be a whole number of at least 1, got 0",
      ),
    );
  });

  test("React: the events as state, and unmounting closes the connection", async () => {
    const api = petApiFor(server.origin);
    const view = renderHook(() => useReactEventStream(() => api.feed("react")), {});
    await vi.waitFor(() => expect(view.latest().events).toHaveLength(3));
    expect(view.latest().status).toBe("open");
    view.unmount();
    await vi.waitFor(() => expect(feedClosed("react")).toBe(1));
  });
});
