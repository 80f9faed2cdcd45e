/* The download strategy: the pet server's CSV export (500 rows, named by Content-Disposition). */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { KitAbortError, KitHttpError, KitOptionsError } from "../../src/index.js";
import { useKitDownload as useReactDownload } from "../../src/react/index.js";
import { useKitDownload } from "../../src/vue/index.js";
import { fakeTimers, mount, renderHook } from "./mount.js";
import { type PetServer, petApiFor, startPetServer } from "./pet-server.js";

let server: PetServer;
beforeAll(async () => {
  server = await startPetServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (globalThis as { document?: unknown }).document;
});

describe("useKitDownload", () => {
  test("saves the answer as a file named by Content-Disposition, with download progress", async () => {
    const api = petApiFor(server.origin);
    const saved: File[] = [];
    const { state, stop } = mount(() =>
      useKitDownload(api.exportPets, { save: (file) => saved.push(file), progressInterval: 0 }),
    );
    const outcome = await state.download(2026);
    expect(outcome.ok).toBe(true);
    expect(saved.map((file) => file.name)).toEqual(["pets-2026.csv"]);
    const text = await saved[0]!.text();
    expect(text.split("\n")).toHaveLength(502);
    expect(text.startsWith("id,name\n1,Pet 1\n")).toBe(true);
    expect(outcome.data).toBe(saved[0]);
    expect(state.fileName.value).toBe("pets-2026.csv");
    expect(state.progress.value?.loaded).toBe(text.length);
    expect(state.loading.value).toBe(false);
    stop();
  });

  test("a text method's answer (a generated text/csv method) is saved with its media type", async () => {
    const api = petApiFor(server.origin);
    const saved: File[] = [];
    const { state, stop } = mount(() =>
      useKitDownload(api.exportText, { save: (f) => saved.push(f) }),
    );
    expect((await state.download(2022)).ok).toBe(true);
    expect(saved[0]?.name).toBe("pets-2022.csv");
    expect(saved[0]?.type).toBe("text/csv");
    expect((await saved[0]!.text()).split("\n").slice(0, 2)).toEqual(["id,name", "1,Pet 1"]);
    stop();
  });

  test("a failed download shows the method's error and saves nothing", async () => {
    const api = petApiFor(server.origin);
    const saved: File[] = [];
    const { state, stop } = mount(() =>
      useKitDownload(api.exportPets, { save: (f) => saved.push(f) }),
    );
    const outcome = await state.download(404);
    expect(outcome.error).toBeInstanceOf(KitHttpError);
    expect(state.error.value).toBe(outcome.error);
    expect(saved).toEqual([]);
    stop();
  });

  test("abort() stops the download in flight: its KitAbortError shows, nothing is saved", async () => {
    const api = petApiFor(server.origin);
    const saved: File[] = [];
    const { state, stop } = mount(() =>
      useKitDownload(api.exportPets, { save: (f) => saved.push(f) }),
    );
    const pending = state.download(2025, 1);
    await vi.waitFor(() => expect(server.requests).toContain("/pets/export?year=2025&hold=1"));
    expect(state.loading.value).toBe(true);
    state.abort();
    expect((await pending).error).toBeInstanceOf(KitAbortError);
    expect(state.error.value).toBeInstanceOf(KitAbortError);
    expect(saved).toEqual([]);
    server.release();
    stop();
  });

  test("by default it clicks an <a download> on an object URL, and revokes the URL 10 s later", async () => {
    const api = petApiFor(server.origin);
    const clicked: { href: string; download: string }[] = [];
    const body = { append: vi.fn() };
    (globalThis as { document?: unknown }).document = {
      body,
      createElement: () => {
        const anchor = {
          href: "",
          download: "",
          rel: "",
          style: {},
          click: () => clicked.push({ href: anchor.href, download: anchor.download }),
          remove: vi.fn(),
        };
        return anchor;
      },
    };
    const revoke = vi.spyOn(URL, "revokeObjectURL");
    fakeTimers();
    const { state, stop } = mount(() => useKitDownload(api.exportPets));
    const outcome = await state.download(2024);
    expect(outcome.ok).toBe(true);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe("pets-2024.csv");
    expect(clicked[0]!.href).toMatch(/^blob:/);
    expect(body.append).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith(clicked[0]!.href);
    stop();
  });

  test("without a page to save in and no save option it refuses before sending, naming the hook", async () => {
    const api = petApiFor(server.origin);
    const before = server.requests.length;
    const view = renderHook(() => useReactDownload(api.exportPets), {});
    await vi.waitFor(() => expect(view.renders.length).toBeGreaterThan(0));
    await expect(view.latest().download(2023)).rejects.toThrow(KitOptionsError);
    await expect(view.latest().download(2023)).rejects.toThrow(
      /^useKitDownload saves files through the page's document, and there is none here/,
    );
    expect(server.requests.length).toBe(before);
    view.unmount();
  });
});
