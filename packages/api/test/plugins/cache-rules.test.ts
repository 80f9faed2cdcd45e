import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  Api,
  Data,
  Get,
  KitOptionsError,
  KitServer,
  Params,
  PluginOptions,
  Post,
  Server,
} from "../../src/index.js";
import { cache, type KitCacheEvent } from "../../src/plugins/index.js";
import { json, type Loopback, startLoopback } from "./loopback.js";
import { MapStorage } from "./map-storage.js";

let loopback: Loopback;
/** How many answers the server has sent: each answer carries its number. */
let version = 0;
beforeEach(async () => {
  version = 0;
  loopback = await startLoopback();
  loopback.handle((request, response) => {
    version++;
    json(response, 200, { url: request.url, version });
  });
  // Only Date is faked: the loopback server and axios keep real timers.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
});
afterEach(async () => {
  vi.useRealTimers();
  await loopback.close();
});

interface Answer {
  url: string;
  version: number;
}

@PluginOptions({ cache: { tags: ["pets"] } })
@Api("/pets")
class PetApi {
  @Get("")
  list(): Promise<Answer> {
    return null!;
  }

  @PluginOptions({ cache: { ttl: 300_000, staleWhileRevalidate: 0 } })
  @Get("/:id")
  get(@Params("id") _id: string): Promise<Answer> {
    return null!;
  }

  @PluginOptions({ cache: { skip: true } })
  @Get("/live")
  live(): Promise<Answer> {
    return null!;
  }

  @PluginOptions({ cache: { invalidates: ["pets"] } })
  @Post("")
  add(@Data() _pet: object): Promise<Answer> {
    return null!;
  }
}

function shop(name = "shop") {
  @Server({ baseURL: loopback.origin, name })
  class Shop extends KitServer {}
  const server = new Shop();
  return { server, pets: server.createApi(PetApi) };
}

function advance(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

function withLocalStorage(storage: MapStorage): () => void {
  Object.assign(globalThis, { localStorage: storage });
  return () => {
    Reflect.deleteProperty(globalThis, "localStorage");
  };
}

describe("stale-while-revalidate", () => {
  it("answers a stale entry at once, refreshes it in the background, and says which", async () => {
    const events: KitCacheEvent[] = [];
    const { server, pets } = shop();
    server.use(cache({ ttl: 1_000, staleWhileRevalidate: 10_000, onEvent: (e) => events.push(e) }));
    expect((await pets.list().send()).data.version).toBe(1);
    advance(500);
    expect(await pets.list().send()).toMatchObject({ fromCache: true, data: { version: 1 } });
    advance(1_000);
    const stale = await pets.list().send();
    expect(stale).toMatchObject({ fromCache: true, data: { version: 1 } });
    await vi.waitFor(() => expect(events.at(-1)?.type).toBe("refresh"));
    expect(await pets.list().send()).toMatchObject({ fromCache: true, data: { version: 2 } });
    expect(events.map((event) => event.type)).toEqual(["miss", "hit", "stale", "refresh", "hit"]);
    expect(events[2]).toEqual({
      type: "stale",
      server: "shop",
      api: "PetApi.list",
      url: `${loopback.origin}/pets`,
    });
    expect(loopback.seen).toHaveLength(2);
  });

  it("sends and waits past the stale window; one refresh per key; a failed refresh is an event, never an error", async () => {
    const events: string[] = [];
    const { server, pets } = shop();
    server.use(
      cache({ ttl: 1_000, staleWhileRevalidate: 5_000, onEvent: (e) => events.push(e.type) }),
    );
    await pets.list().send();
    advance(2_000);
    loopback.handle((_request, response) => json(response, 503, { busy: true }));
    const [a, b] = await Promise.all([pets.list().send(), pets.list().send()]);
    expect([a.data.version, b.data.version]).toEqual([1, 1]);
    await vi.waitFor(() => expect(events).toContain("refresh-failed"));
    expect(loopback.seen).toHaveLength(2);
    advance(10_000);
    await expect(pets.list().send()).rejects.toMatchObject({ status: 503 });
    expect(events).toEqual(["miss", "stale", "stale", "refresh-failed", "miss"]);
  });
});

describe("per-method rules and tags", () => {
  it("keeps a method's entry for its own ttl and never caches a method that skips", async () => {
    const { server, pets } = shop();
    server.use(cache({ ttl: 1_000 }));
    await pets.get("1").send();
    await pets.live().send();
    advance(200_000);
    expect((await pets.get("1").send()).fromCache).toBe(true);
    expect((await pets.live().send()).fromCache).toBe(false);
    expect(loopback.seen.map(({ url }) => url)).toEqual(["/pets/1", "/pets/live", "/pets/live"]);
  });

  it("removes a tag's entries after a mutation that invalidates it, before the mutation resolves", async () => {
    const { server, pets } = shop();
    const store = cache();
    server.use(store);
    await pets.list().send();
    await pets.get("1").send();
    expect((await pets.list().send()).fromCache).toBe(true);
    await pets.add({ name: "Rex" }).send();
    const after = await pets.list().send();
    expect(after).toMatchObject({ fromCache: false, data: { version: 4 } });
    // get() carries the class's tag too.
    expect((await pets.get("1").send()).fromCache).toBe(false);
    await store.invalidateTags("other");
    expect((await pets.list().send()).fromCache).toBe(true);
  });

  it("does not store an answer that was in flight when its tag was invalidated", async () => {
    const { server, pets } = shop();
    const store = cache();
    server.use(store);
    let answer!: () => void;
    loopback.handle((request, response) => {
      version++;
      const body = { url: request.url, version };
      answer = () => json(response, 200, body);
    });
    const before = pets.list().send();
    await vi.waitFor(() => expect(loopback.seen).toHaveLength(1));
    await store.invalidateTags("pets");
    answer();
    await before;
    loopback.handle((request, response) => json(response, 200, { url: request.url, version: 9 }));
    expect((await pets.list().send()).data.version).toBe(9);
  });
});

describe("layered and web storage", () => {
  it("keeps memory in front of localStorage: a new page reads the entry back and then serves it from memory", async () => {
    const storage = new MapStorage();
    const restore = withLocalStorage(storage);
    try {
      const first = shop();
      first.server.use(cache({ storage: ["memory", "localStorage"] }));
      await first.pets.list().send();
      expect([...storage.items.keys()]).toHaveLength(1);
      const reloaded = shop();
      reloaded.server.use(cache({ storage: ["memory", "localStorage"] }));
      expect((await reloaded.pets.list().send()).fromCache).toBe(true);
      storage.items.clear();
      expect((await reloaded.pets.list().send()).fromCache).toBe(true);
      expect(loopback.seen).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it("serves a localStorage entry no longer than the ttl from when it was stored, whatever its own expires says (#34 item 9)", async () => {
    const storage = new MapStorage();
    const restore = withLocalStorage(storage);
    try {
      const { server, pets } = shop();
      server.use(cache({ ttl: 1_000, storage: "localStorage" }));
      await pets.list().send();
      const [key, text] = [...storage.items][0]!;
      const entry = JSON.parse(text);
      storage.setItem(key, JSON.stringify({ ...entry, expires: 8.64e15 }));
      advance(500);
      expect((await pets.list().send()).fromCache).toBe(true);
      advance(600);
      expect(await pets.list().send()).toMatchObject({ fromCache: false, data: { version: 2 } });
      const planted = (changes: object) =>
        storage.setItem(key, JSON.stringify({ ...JSON.parse(storage.getItem(key)!), ...changes }));
      planted({ stored: Date.now() + 60_000, expires: 8.64e15 });
      expect((await pets.list().send()).data.version).toBe(3);
      planted({ tags: [1] });
      expect((await pets.list().send()).data.version).toBe(4);
      planted({ stored: "now" });
      expect((await pets.list().send()).data.version).toBe(5);
    } finally {
      restore();
    }
  });

  it("falls back to memory where localStorage does not exist, with one line, so server-side rendering loads (#34 item 10)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const store = cache({ storage: "localStorage" });
      const { server, pets } = shop();
      server.use(store);
      await pets.list().send();
      await pets.list().send();
      expect((await pets.list().send()).fromCache).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(
        /^cache\(\{ storage: "localStorage" \}\): globalThis\.localStorage does not exist here/,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("refuses indexedDB and anything else it cannot use, with one line (#34 item 10)", () => {
    const attempt = (storage: unknown) => {
      try {
        cache({ storage: storage as never });
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const refused = attempt("indexedDB");
    expect(refused).toBeInstanceOf(KitOptionsError);
    expect((refused as Error).message).toBe(
      'cache({ storage }) must be "memory", "localStorage", "sessionStorage", a KitCacheStorage, or two of them (memory in front); for IndexedDB pass a KitCacheStorage, got "indexedDB"',
    );
    expect(attempt({ get() {} })).toBeInstanceOf(KitOptionsError);
    expect(attempt(["memory", "localStorage", "sessionStorage"])).toBeInstanceOf(KitOptionsError);
  });
});
