import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { nextTick, ref } from "vue";
import { KitAbortError, KitHttpError } from "../../src/index.js";
import { useKitPagination, useKitRequest } from "../../src/vue/index.js";
import { mount } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());

describe("useKitRequest (Vue)", () => {
  test("sends at once: loading, then the response data", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() => useKitRequest(() => api.getPet(1)));
    expect(state.loading.value).toBe(true);
    expect(state.data.value).toBeUndefined();
    await vi.waitFor(() => expect(state.loading.value).toBe(false));
    expect(state.data.value).toEqual({ id: 1, name: "Pet 1" });
    expect(state.error.value).toBeUndefined();
    stop();
  });

  test("a failed send shows its KitHttpError and no data", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() => useKitRequest(() => api.getPet(404)));
    await vi.waitFor(() => expect(state.loading.value).toBe(false));
    expect(state.error.value).toBeInstanceOf(KitHttpError);
    expect((state.error.value as KitHttpError).status).toBe(404);
    expect(state.data.value).toBeUndefined();
    stop();
  });

  test("immediate: false sends nothing until send(...args), which passes its arguments on", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const { state, stop } = mount(() => useKitRequest(api.addPet, { immediate: false }));
    expect(state.loading.value).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(before);
    const added = await state.send({ name: "Kitty" });
    expect(added).toMatchObject({ ok: true, data: { id: 99, name: "Kitty" } });
    expect(state.data.value).toEqual({ id: 99, name: "Kitty" });
    stop();
  });

  test("a watched input re-sends and aborts the send in flight; the end of the scope aborts too", async () => {
    const api = petApiFor(server.origin);
    const id = ref(11);
    const closedBefore = server.closed.length;
    const { state, stop } = mount(() =>
      useKitRequest(() => api.getPet(id.value, 1), { watch: [id] }),
    );
    await vi.waitFor(() => expect(server.requests).toContain("/pets/11?hold=1"));
    id.value = 12;
    await nextTick();
    await server.closedCount(closedBefore + 1);
    expect(server.closed.at(-1)).toBe("/pets/11?hold=1");
    await vi.waitFor(() => expect(server.requests).toContain("/pets/12?hold=1"));
    expect(state.loading.value).toBe(true);
    server.release();
    await vi.waitFor(() => expect(state.data.value).toEqual({ id: 12, name: "Pet 12" }));
    expect(state.error.value).toBeUndefined();

    id.value = 13;
    await vi.waitFor(() => expect(server.requests).toContain("/pets/13?hold=1"));
    stop();
    await server.closedCount(closedBefore + 2);
    expect(server.closed.at(-1)).toBe("/pets/13?hold=1");
    expect(state.loading.value).toBe(false);
    expect(state.error.value).toBeUndefined();
    expect(state.data.value).toEqual({ id: 12, name: "Pet 12" });
  });

  test("abort() stops the send in flight and shows its KitAbortError", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() => useKitRequest(() => api.getPet(21, 1)));
    await vi.waitFor(() => expect(server.requests).toContain("/pets/21?hold=1"));
    state.abort();
    await vi.waitFor(() => expect(state.loading.value).toBe(false));
    expect(state.error.value).toBeInstanceOf(KitAbortError);
    stop();
  });
});

describe("useKitPagination (Vue)", () => {
  test("loads a page, knows the page count and loads another page when page changes", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitPagination((page, size) => api.listPets(page, size), {
        items: (data) => data.items,
        total: (data) => data.total,
      }),
    );
    await vi.waitFor(() => expect(state.items.value).toHaveLength(10));
    expect(state.items.value[0]).toEqual({ id: 1, name: "Pet 1" });
    expect(state.total.value).toBe(23);
    expect(state.pageCount.value).toBe(3);
    expect(state.isLastPage.value).toBe(false);
    state.page.value = 3;
    await vi.waitFor(() => expect(state.items.value.map((pet) => pet.id)).toEqual([21, 22, 23]));
    expect(state.isLastPage.value).toBe(true);
    expect(server.requests).toContain("/pets?page=3&size=10");
    stop();
  });
});
