/*
 * The uploader strategy against the pet server's photo endpoint: a file named "broken" always
 * fails, one named "flaky" fails once; `hold` keeps answers back to see the concurrency cap.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { KitHttpError, KitOptionsError } from "../../src/index.js";
import { useKitUploader as useReactUploader } from "../../src/react/index.js";
import { useKitUploader } from "../../src/vue/index.js";
import { mount, quietFor, renderHook } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());

const photoRequests = () => server.requests.filter((path) => path.startsWith("/pets/photos"));

function upload(api: ReturnType<typeof petApiFor>, hold?: 1) {
  return (file: File) => {
    const form = new FormData();
    form.append("photo", file);
    return api.uploadPhoto(form, hold);
  };
}

const file = (name: string, size = 10) => new File(["x".repeat(size)], name);

describe("useKitUploader", () => {
  test("uploads at most `concurrency` files at once, the others wait their turn", async () => {
    const api = petApiFor(server.origin);
    const before = photoRequests().length;
    const { state, stop } = mount(() => useKitUploader(upload(api, 1), { concurrency: 2 }));
    state.add([file("a.jpg"), file("b.jpg"), file("c.jpg")]);
    expect(state.files.value.map((entry) => entry.status)).toEqual([
      "uploading",
      "uploading",
      "queued",
    ]);
    expect(state.busy.value).toBe(true);
    await vi.waitFor(() => expect(photoRequests().length).toBe(before + 2));
    await quietFor(30);
    expect(photoRequests().length).toBe(before + 2);
    server.release();
    await vi.waitFor(() => expect(photoRequests().length).toBe(before + 3));
    server.release();
    await vi.waitFor(() => expect(state.busy.value).toBe(false));
    expect(state.files.value.map((entry) => [entry.status, entry.data?.name])).toEqual([
      ["done", "a.jpg"],
      ["done", "b.jpg"],
      ["done", "c.jpg"],
    ]);
    stop();
  });

  test("a failed file keeps its typed error and is retried alone", async () => {
    const api = petApiFor(server.origin);
    const { state, stop } = mount(() => useKitUploader(upload(api)));
    const [, flaky] = state.add([file("cat.jpg"), file("flaky-dog.jpg"), file("broken.jpg")]);
    await vi.waitFor(() => expect(state.busy.value).toBe(false));
    expect(state.files.value.map((entry) => entry.status)).toEqual(["done", "failed", "failed"]);
    const failed = state.files.value[1]!;
    expect(failed.error).toBeInstanceOf(KitHttpError);
    expect(failed.error?.kind === "http" && failed.error.body).toEqual({
      error: "could not store flaky-dog.jpg",
    });
    const before = photoRequests().length;
    state.retry(flaky!);
    await vi.waitFor(() => expect(state.files.value[1]!.status).toBe("done"));
    expect(state.files.value[1]!.error).toBeUndefined();
    expect(state.files.value.map((entry) => entry.status)).toEqual(["done", "done", "failed"]);
    expect(photoRequests().length).toBe(before + 1);
    stop();
  });

  test("abort(id) stops one upload; retry sends it again; progress is reported", async () => {
    const api = petApiFor(server.origin);
    const closedBefore = server.closed.length;
    const { state, stop } = mount(() =>
      useKitUploader(
        (photo: File) => upload(api, photo.name === "slow.jpg" ? 1 : undefined)(photo),
        {
          progressInterval: 0,
        },
      ),
    );
    const [slow, big] = state.add([file("slow.jpg"), file("big.jpg", 256 * 1024)]);
    await vi.waitFor(() => expect(state.files.value[1]!.status).toBe("done"));
    state.abort(slow);
    await vi.waitFor(() => expect(state.files.value[0]!.status).toBe("aborted"));
    await server.closedCount(closedBefore + 1);
    const bigUpload = state.files.value.find((entry) => entry.id === big)!;
    expect(bigUpload.progress?.loaded).toBeGreaterThan(256 * 1024);
    expect(bigUpload.data?.bytes).toBe(bigUpload.progress?.loaded);
    const heldBefore = server.requests.filter((path) => path === "/pets/photos?hold=1").length;
    state.retry(slow!);
    await vi.waitFor(() =>
      expect(server.requests.filter((path) => path === "/pets/photos?hold=1").length).toBe(
        heldBefore + 1,
      ),
    );
    server.release();
    await vi.waitFor(() => expect(state.files.value[0]!.status).toBe("done"));
    stop();
  });

  test("immediate: false waits for start(); remove and clear take files off, aborting them", async () => {
    const api = petApiFor(server.origin);
    const before = photoRequests().length;
    const closedBefore = server.closed.length;
    const { state, stop } = mount(() => useKitUploader(upload(api, 1), { immediate: false }));
    const [first, second] = state.add([file("one.jpg"), file("two.jpg")]);
    await quietFor(30);
    expect(photoRequests().length).toBe(before);
    expect(state.files.value.map((entry) => entry.status)).toEqual(["queued", "queued"]);
    state.start();
    await vi.waitFor(() => expect(photoRequests().length).toBe(before + 2));
    state.remove(first!);
    expect(state.files.value.map((entry) => entry.id)).toEqual([second]);
    await server.closedCount(closedBefore + 1);
    state.clear();
    expect(state.files.value).toEqual([]);
    expect(state.busy.value).toBe(false);
    await server.closedCount(closedBefore + 2);
    stop();
  });

  test("React: the list as state; unmounting aborts the uploads in flight", async () => {
    const api = petApiFor(server.origin);
    const closedBefore = server.closed.length;
    const view = renderHook(() => useReactUploader(upload(api, 1)), {});
    await vi.waitFor(() => expect(view.renders.length).toBeGreaterThan(0));
    view.latest().add([file("react.jpg")]);
    await vi.waitFor(() => expect(view.latest().files[0]?.status).toBe("uploading"));
    view.unmount();
    await server.closedCount(closedBefore + 1);
  });

  test("a concurrency that is not a whole number of at least 1 is refused", () => {
    const api = petApiFor(server.origin);
    expect(() => mount(() => useKitUploader(upload(api), { concurrency: 0 }))).toThrow(
      new KitOptionsError(
        "KIT_STRATEGY_OPTION_INVALID",
        "useKitUploader({ concurrency }) must be a whole number of at least 1, got 0",
      ),
    );
  });
});
