import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { KitHttpError } from "../../src/index.js";
import { useKitPagination, useKitRequest } from "../../src/react/index.js";
import { renderHook } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());

describe("useKitRequest (React)", () => {
  test("sends on mount: loading, then the response data", async () => {
    const api = petApiFor(server.origin);
    const view = renderHook(() => useKitRequest(() => api.getPet(1)), {});
    await vi.waitFor(() => expect(view.renders.length).toBeGreaterThan(0));
    expect(view.renders[0]).toMatchObject({ loading: true, data: undefined });
    await vi.waitFor(() => expect(view.latest().loading).toBe(false));
    expect(view.latest().data).toEqual({ id: 1, name: "Pet 1" });
    expect(view.latest().error).toBeUndefined();
    view.unmount();
  });

  test("a failed send shows its KitHttpError", async () => {
    const api = petApiFor(server.origin);
    const view = renderHook(() => useKitRequest(() => api.getPet(404)), {});
    await vi.waitFor(() => expect(view.latest().loading).toBe(false));
    expect(view.latest().error).toBeInstanceOf(KitHttpError);
    expect(view.latest().data).toBeUndefined();
    view.unmount();
  });

  test("immediate: false waits for send(...args)", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const view = renderHook(() => useKitRequest(api.addPet, { immediate: false }), {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(before);
    expect(view.latest().loading).toBe(false);
    await view.latest().send({ name: "Kitty" });
    await vi.waitFor(() => expect(view.latest().data).toEqual({ id: 99, name: "Kitty" }));
    view.unmount();
  });

  test("changed deps re-send and abort the send in flight; unmounting aborts too", async () => {
    const api = petApiFor(server.origin);
    const closedBefore = server.closed.length;
    const view = renderHook(
      ({ id }: { id: number }) => useKitRequest(() => api.getPet(id, 1), { deps: [id] }),
      { id: 31 },
    );
    await vi.waitFor(() => expect(server.requests).toContain("/pets/31?hold=1"));
    view.rerender({ id: 32 });
    await server.closedCount(closedBefore + 1);
    expect(server.closed.at(-1)).toBe("/pets/31?hold=1");
    await vi.waitFor(() => expect(server.requests).toContain("/pets/32?hold=1"));
    server.release();
    await vi.waitFor(() => expect(view.latest().data).toEqual({ id: 32, name: "Pet 32" }));

    view.rerender({ id: 33 });
    await vi.waitFor(() => expect(server.requests).toContain("/pets/33?hold=1"));
    view.unmount();
    await server.closedCount(closedBefore + 2);
    expect(server.closed.at(-1)).toBe("/pets/33?hold=1");
  });

  test("a re-render with the same deps sends nothing", async () => {
    const api = petApiFor(server.origin);
    const view = renderHook(
      ({ id }: { id: number; label: string }) =>
        useKitRequest(() => api.getPet(id), { deps: [id] }),
      { id: 41, label: "a" },
    );
    await vi.waitFor(() => expect(view.latest().data).toEqual({ id: 41, name: "Pet 41" }));
    const before = server.requests.length;
    view.rerender({ id: 41, label: "b" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(before);
    view.unmount();
  });
});

describe("useKitPagination (React)", () => {
  test("loads a page, knows the page count and loads another page on setPage", async () => {
    const api = petApiFor(server.origin);
    const view = renderHook(
      () =>
        useKitPagination((page, size) => api.listPets(page, size), {
          initialPageSize: 5,
          items: (data) => data.items,
          total: (data) => data.total,
        }),
      {},
    );
    await vi.waitFor(() => expect(view.latest().items).toHaveLength(5));
    expect(view.latest()).toMatchObject({ page: 1, pageSize: 5, total: 23, pageCount: 5 });
    expect(view.latest().isLastPage).toBe(false);
    view.latest().setPage(5);
    await vi.waitFor(() => expect(view.latest().items.map((pet) => pet.id)).toEqual([21, 22, 23]));
    expect(view.latest().isLastPage).toBe(true);
    expect(server.requests).toContain("/pets?page=5&size=5");
    view.unmount();
  });
});
