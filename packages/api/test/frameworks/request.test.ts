/*
 * The request strategy (useKitRequest) against the loopback pet server: what `send()` resolves,
 * the callbacks, the envelope's code and message, `enabled`, `initialData` and `keepData`.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { nextTick, ref } from "vue";
import { KitAbortError, KitBusinessError, KitHttpError } from "../../src/index.js";
import { useKitRequest as useReactRequest } from "../../src/react/index.js";
import { useKitRequest } from "../../src/vue/index.js";
import { mount, quietFor, renderHook } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());

describe("send() tells success from failure", () => {
  test("a void method resolves { ok: true } on 204 and { ok: false, error } on 404; it never rejects", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() => useKitRequest(api.removePet, { immediate: false }));
    const removed = await state.send(3);
    expect(removed).toMatchObject({ ok: true, data: undefined, error: undefined });
    expect(removed.result?.status).toBe(204);
    const missing = await state.send(404);
    expect(missing.ok).toBe(false);
    expect(missing.error).toBeInstanceOf(KitHttpError);
    expect(missing.error?.kind === "http" && missing.error.body).toEqual({ error: "no such pet" });
    expect(state.error.value).toBe(missing.error);
    stop();
  });

  test("a send replaced by a newer one resolves its KitAbortError and leaves no trace in the state", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitRequest((id: number) => api.getPet(id, 1), { immediate: false }),
    );
    const first = state.send(51);
    await vi.waitFor(() => expect(server.requests).toContain("/pets/51?hold=1"));
    const second = state.send(52);
    expect((await first).error).toBeInstanceOf(KitAbortError);
    expect(state.error.value).toBeUndefined();
    expect(state.loading.value).toBe(true);
    await vi.waitFor(() => expect(server.requests).toContain("/pets/52?hold=1"));
    server.release();
    expect(await second).toMatchObject({ ok: true, data: { id: 52, name: "Pet 52" } });
    stop();
  });
});

describe("callbacks", () => {
  test("onSuccess gets the data and the result, onError the error, onFinish the outcome after either", async () => {
    const api = petApiFor(server.origin);
    const calls: string[] = [];
    const { state, stop } = mount(() =>
      useKitRequest(api.removePet, {
        immediate: false,
        onSuccess: (data, result) => calls.push(`success ${String(data)} ${result.status}`),
        onError: (error) => calls.push(`error ${error.kind} ${error.status}`),
        onFinish: (outcome) => calls.push(`finish ${outcome.ok}`),
      }),
    );
    await state.send(1);
    await state.send(404);
    expect(calls).toEqual([
      "success undefined 204",
      "finish true",
      "error http 404",
      "finish false",
    ]);
    stop();
  });

  test("a callback that throws is reported and changes neither the outcome nor the state", async () => {
    const api = petApiFor(server.origin);
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    const { state, stop } = mount(() =>
      useKitRequest(() => api.getPet(6), {
        immediate: false,
        onSuccess: () => {
          throw new Error("toast failed");
        },
      }),
    );
    const outcome = await state.send();
    expect(outcome.ok).toBe(true);
    expect(state.data.value).toEqual({ id: 6, name: "Pet 6" });
    expect(report).toHaveBeenCalledWith(new Error("toast failed"));
    report.mockRestore();
    stop();
  });

  test("React calls the callbacks of the latest render", async () => {
    const api = petApiFor(server.origin);
    const seen: string[] = [];
    const view = renderHook(
      ({ label }: { label: string }) => ({
        label,
        ...useReactRequest(() => api.getPet(7), {
          immediate: false,
          onSuccess: (pet) => seen.push(`${label}: ${pet.name}`),
        }),
      }),
      { label: "first" },
    );
    await vi.waitFor(() => expect(view.renders.length).toBe(1));
    view.rerender({ label: "second" });
    await vi.waitFor(() => expect(view.latest().label).toBe("second"));
    await view.latest().send();
    expect(seen).toEqual(["second: Pet 7"]);
    view.unmount();
  });
});

describe("the envelope's code and message", () => {
  test("come from the answer, and from a business error", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitRequest((ok: 0 | 1) => api.envelope(ok), { immediate: false }),
    );
    await state.send(1);
    expect(state.data.value).toEqual({ id: 5, name: "Pet 5" });
    expect([state.code.value, state.message.value]).toEqual([0, "fine"]);
    const failed = await state.send(0);
    expect(failed.error).toBeInstanceOf(KitBusinessError);
    expect([state.code.value, state.message.value]).toEqual([4001, "out of stock"]);
    stop();
  });
});

describe("enabled, initialData and keepData", () => {
  test("Vue: while enabled is false nothing is sent automatically; turning it true sends; send() always sends", async () => {
    const api = petApiFor(server.origin);
    const id = ref(61);
    const enabled = ref(false);
    const before = server.requests.length;
    const { state, stop } = mount(() =>
      useKitRequest(() => api.getPet(id.value), { watch: [id], enabled }),
    );
    expect(state.loading.value).toBe(false);
    id.value = 62;
    await nextTick();
    await quietFor(30);
    expect(server.requests.length).toBe(before);
    enabled.value = true;
    await vi.waitFor(() => expect(state.data.value).toEqual({ id: 62, name: "Pet 62" }));
    expect(server.requests.slice(before)).toEqual(["/pets/62"]);
    enabled.value = false;
    await nextTick();
    id.value = 63;
    await nextTick();
    expect((await state.send()).data).toEqual({ id: 63, name: "Pet 63" });
    stop();
  });

  test("Vue: enabled as a getter", async () => {
    const api = petApiFor(server.origin);
    const id = ref(0);
    const before = server.requests.length;
    const { state, stop } = mount(() =>
      useKitRequest(() => api.getPet(id.value), { watch: [id], enabled: () => id.value > 0 }),
    );
    await quietFor(30);
    expect(server.requests.length).toBe(before);
    id.value = 64;
    await vi.waitFor(() => expect(state.data.value).toEqual({ id: 64, name: "Pet 64" }));
    expect(server.requests.slice(before)).toEqual(["/pets/64"]);
    stop();
  });

  test("React: enabled turning true sends the request that waited", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const view = renderHook(
      ({ ready }: { ready: boolean }) => useReactRequest(() => api.getPet(65), { enabled: ready }),
      { ready: false },
    );
    await quietFor(30);
    expect(server.requests.length).toBe(before);
    expect(view.latest().loading).toBe(false);
    view.rerender({ ready: true });
    await vi.waitFor(() => expect(view.latest().data).toEqual({ id: 65, name: "Pet 65" }));
    expect(server.requests.slice(before)).toEqual(["/pets/65"]);
    view.unmount();
  });

  test("initialData is shown before the first answer; keepData false clears the data while loading", async () => {
    const api = petApiFor(server.origin);
    const id = ref(71);
    const { state, stop } = mount(() =>
      useKitRequest(() => api.getPet(id.value, 1), {
        watch: [id],
        initialData: { id: 0, name: "placeholder" },
        keepData: false,
      }),
    );
    expect(state.data.value).toBeUndefined();
    await vi.waitFor(() => expect(server.requests).toContain("/pets/71?hold=1"));
    server.release();
    await vi.waitFor(() => expect(state.data.value).toEqual({ id: 71, name: "Pet 71" }));
    id.value = 72;
    await vi.waitFor(() => expect(server.requests).toContain("/pets/72?hold=1"));
    expect(state.data.value).toBeUndefined();
    server.release();
    await vi.waitFor(() => expect(state.data.value).toEqual({ id: 72, name: "Pet 72" }));
    stop();
  });

  test("initialData stays until the first answer by default", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() =>
      useKitRequest(() => api.getPet(73, 1), { initialData: { id: 0, name: "placeholder" } }),
    );
    await vi.waitFor(() => expect(server.requests).toContain("/pets/73?hold=1"));
    expect(state.data.value).toEqual({ id: 0, name: "placeholder" });
    expect(state.loading.value).toBe(true);
    server.release();
    await vi.waitFor(() => expect(state.data.value).toEqual({ id: 73, name: "Pet 73" }));
    stop();
  });
});
