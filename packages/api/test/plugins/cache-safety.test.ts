import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  Api,
  Get,
  HeaderValue,
  isKitError,
  KitAbortError,
  KitOptionsError,
  KitServer,
  type KitServerOptions,
  Params,
  Query,
  Server,
} from "../../src/index.js";
import { auth, cache, type KitCacheStorage } from "../../src/plugins/index.js";
import { failure } from "../support/failure.js";
import { json, type Loopback, startLoopback } from "./loopback.js";
import { MapStorage } from "./map-storage.js";

let loopback: Loopback;
beforeEach(async () => {
  loopback = await startLoopback();
  // Each answer names what the server saw, so a test tells whose data it got.
  loopback.handle((request, response) =>
    json(response, 200, {
      url: request.url,
      tenant: request.headers["x-tenant-id"],
      key: request.headers["x-api-key"],
      app: request.headers["x-app"],
      authorization: request.headers.authorization,
      list: [1, 2],
    }),
  );
});
afterEach(() => loopback.close());

interface Seen {
  url: string;
  tenant?: string;
  key?: string;
  app?: string;
  authorization?: string;
  list: number[];
}

@Api("/orders")
class OrderApi {
  @Get("") list(@HeaderValue("X-Tenant-Id") _tenant: string): Promise<Seen> {
    return null!;
  }
  @Get("/:id") get(@Params("id") _id: string, @Query("n") _n?: unknown): Promise<Seen> {
    return null!;
  }
}

function shop(options: KitServerOptions = {}) {
  @Server({ baseURL: loopback.origin, name: "shop", ...options })
  class Shop extends KitServer {}
  const server = new Shop();
  return { server, orders: server.createApi(OrderApi) };
}

function withLocalStorage(storage: MapStorage): () => void {
  Object.assign(globalThis, { localStorage: storage });
  return () => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  };
}

describe("the cache never serves an entry to a request that could see different data", () => {
  it("keys on the request's own header parameters: tenant B never gets tenant A's orders", async () => {
    const { server, orders } = shop();
    server.use(cache());
    expect((await orders.list("A").send()).data.tenant).toBe("a".toUpperCase());
    const b = await orders.list("B").send();
    expect(b).toMatchObject({ fromCache: false, data: { tenant: "B" } });
    expect((await orders.list("A").send()).fromCache).toBe(true);
    expect(loopback.seen.map((seen) => seen.headers["x-tenant-id"])).toEqual(["A", "B"]);
  });

  it("keys on the auth plugin's header whatever it is named: bob never gets alice's data", async () => {
    const { server, orders } = shop();
    const session = { key: "alice" };
    server.use(auth({ getToken: () => session.key, header: "X-Api-Key", scheme: "" })).use(cache());
    expect((await orders.get("1").send()).data.key).toBe("alice");
    session.key = "bob";
    const bob = await orders.get("1").send();
    expect(bob).toMatchObject({ fromCache: false, data: { key: "bob" } });
    expect(loopback.seen).toHaveLength(2);
  });

  it("keys on the server's static headers: two servers sharing a storage and a name stay apart", async () => {
    const restore = withLocalStorage(new MapStorage());
    try {
      const first = shop({ headers: { "X-App": "one" } });
      const second = shop({ headers: { "X-App": "two" } });
      first.server.use(cache({ storage: "localStorage" }));
      second.server.use(cache({ storage: "localStorage" }));
      await first.orders.get("1").send();
      const other = await second.orders.get("1").send();
      expect(other).toMatchObject({ fromCache: false, data: { app: "two" } });
      expect(loopback.seen).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it("refuses with one line when an axios interceptor sets credentials it cannot see", async () => {
    const { server, orders } = shop();
    server.use(cache());
    server.http.interceptors.request.use((config) => {
      config.headers.set("Authorization", "Bearer from-interceptor");
      return config;
    });
    const error = await failure(orders.get("1").send());
    expect(error).toBeInstanceOf(KitOptionsError);
    expect(error).toMatchObject({ code: "KIT_CACHE_SCOPE_MISSING" });
    expect((error as Error).message).toMatch(
      /^cache\(\) on server "shop" cannot see .*interceptor/,
    );
    expect((error as Error).message).not.toContain("\n");
    expect(loopback.seen).toHaveLength(0);
  });

  it("with a scope, keeps users of an interceptor apart: the second user never gets the first's data", async () => {
    const { server, orders } = shop();
    const session = { user: "alice" };
    server.use(cache({ scope: () => session.user }));
    server.http.interceptors.request.use((config) => {
      config.headers.set("Authorization", `Bearer ${session.user}`);
      return config;
    });
    await orders.get("1").send();
    expect((await orders.get("1").send()).fromCache).toBe(true);
    session.user = "bob";
    const bob = await orders.get("1").send();
    expect(bob).toMatchObject({ fromCache: false, data: { authorization: "Bearer bob" } });
    expect(loopback.seen).toHaveLength(2);
  });

  it("refuses to be registered on a server that sends cookies, unless told its scope", () => {
    const { server } = shop({ withCredentials: true });
    const use = () => server.use(cache());
    expect(use).toThrow(KitOptionsError);
    expect(use).toThrow(/withCredentials/);
    expect(() => server.use(cache({ scope: () => "public" }))).not.toThrow();
  });

  it("clear() and invalidate() touch only their own server's entries in a shared storage", async () => {
    const storage = new MapStorage();
    storage.setItem("theme", "dark");
    const restore = withLocalStorage(storage);
    try {
      const first = shop({ name: "one" });
      const second = shop({ name: "one two" });
      const firstCache = cache({ storage: "localStorage" });
      first.server.use(firstCache);
      second.server.use(cache({ storage: "localStorage" }));
      await first.orders.get("1").send();
      await second.orders.get("1").send();
      await second.orders.get("2").send();
      await firstCache.invalidate("/orders");
      expect(storage.items.size).toBe(3);
      await first.orders.get("1").send();
      await firstCache.clear();
      expect((await second.orders.get("1").send()).fromCache).toBe(true);
      expect((await second.orders.get("2").send()).fromCache).toBe(true);
      expect(storage.getItem("theme")).toBe("dark");
    } finally {
      restore();
    }
  });

  it.each([
    ["null", "null"],
    ["an expiry without a result", '{"expires":1e300}'],
    ["invalid JSON", "{oops"],
    ["an entry of another URL", "OTHER"],
    ["an infinite expiry", "INFINITE"],
  ])("reads %s as a miss", async (_what, planted) => {
    const storage = new MapStorage();
    const restore = withLocalStorage(storage);
    try {
      const { server, orders } = shop();
      server.use(cache({ storage: "localStorage" }));
      const first = await orders.get("1").send();
      const [key, text] = [...storage.items][0]!;
      const entry = JSON.parse(text);
      const forged = { ...entry, result: { ...entry.result, data: { forged: true } } };
      const value =
        planted === "OTHER"
          ? JSON.stringify({ ...forged, url: `${loopback.origin}/orders/2` })
          : planted === "INFINITE"
            ? JSON.stringify({ ...forged, expires: "Infinity" })
            : planted;
      storage.setItem(key, value);
      const second = await orders.get("1").send();
      expect(second).toMatchObject({ fromCache: false, data: first.data });
      expect(loopback.seen).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it("reads a storage that throws or rejects as a miss, never as a failed request", async () => {
    const throwing: KitCacheStorage = {
      get: () => {
        throw new Error("storage broken");
      },
      set: () => {},
      delete: () => {},
      keys: () => [],
    };
    const rejecting: KitCacheStorage = {
      get: () => Promise.reject(new Error("storage broken")),
      set: () => Promise.reject(new Error("quota")),
      delete: () => Promise.reject(new Error("storage broken")),
      keys: () => Promise.reject(new Error("storage broken")),
    };
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const storage of [throwing, rejecting]) {
        const { server, orders } = shop();
        const store = cache({ storage });
        server.use(store);
        expect((await orders.get("1").send()).data.url).toBe("/orders/1");
        await store.clear();
      }
      expect(loopback.seen).toHaveLength(2);
    } finally {
      report.mockRestore();
    }
  });

  it("keys a BigInt query value as it is sent", async () => {
    const { server, orders } = shop();
    server.use(cache());
    expect((await orders.get("1", 12345678901234567890n).send()).data.url).toBe(
      "/orders/1?n=12345678901234567890",
    );
    expect((await orders.get("1", 12345678901234567890n).send()).fromCache).toBe(true);
    expect((await orders.get("1", { deep: 1n }).send()).data.url).toBe(
      `/orders/1?n=${encodeURIComponent('{"deep":"1"}')}`,
    );
  });

  it("never shares a value by reference: a caller's changes reach no other caller", async () => {
    loopback.handle((request, response) => {
      setTimeout(() => json(response, 200, { url: request.url, list: [1, 2] }), 30);
    });
    const { server, orders } = shop();
    server.use(cache());
    const [first, joined] = await Promise.all([orders.get("1").send(), orders.get("1").send()]);
    expect(loopback.seen).toHaveLength(1);
    first.data.list.push(3);
    expect(joined.data.list).toEqual([1, 2]);
    const hit = await orders.get("1").send();
    expect(hit.data.list).toEqual([1, 2]);
    hit.data.list.push(4);
    expect((await orders.get("1").send()).data.list).toEqual([1, 2]);
  });
});

describe("the new cache paths keep users and servers apart", () => {
  it("refreshes a stale entry with its own user's credentials: bob never gets alice's refresh", async () => {
    const { server, orders } = shop();
    const session = { key: "alice" };
    const store = cache({ ttl: 20, staleWhileRevalidate: 60_000 });
    server.use(auth({ getToken: () => session.key, header: "X-Api-Key", scheme: "" })).use(store);
    await orders.get("1").send();
    session.key = "bob";
    await orders.get("1").send();
    await new Promise((resolve) => setTimeout(resolve, 40));
    session.key = "alice";
    const stale = await orders.get("1").send();
    expect(stale).toMatchObject({ fromCache: true, data: { key: "alice" } });
    await vi.waitFor(() => expect(loopback.seen).toHaveLength(3));
    expect(loopback.seen.map((seen) => seen.headers["x-api-key"])).toEqual([
      "alice",
      "bob",
      "alice",
    ]);
    session.key = "bob";
    expect(await orders.get("1").send()).toMatchObject({ fromCache: true, data: { key: "bob" } });
  });

  it("keeps per-user keys in both layers of a layered storage", async () => {
    const storage = new MapStorage();
    const restore = withLocalStorage(storage);
    try {
      const session = { key: "alice" };
      const { server, orders } = shop();
      server
        .use(auth({ getToken: () => session.key, header: "X-Api-Key", scheme: "" }))
        .use(cache({ storage: ["memory", "localStorage"] }));
      await orders.get("1").send();
      session.key = "bob";
      expect(await orders.get("1").send()).toMatchObject({
        fromCache: false,
        data: { key: "bob" },
      });
      expect(storage.items.size).toBe(2);
      expect([...storage.items.keys()].join()).not.toMatch(/alice|bob/);
    } finally {
      restore();
    }
  });

  it("invalidateTags touches only its own servers' entries in a shared storage", async () => {
    const storage = new MapStorage();
    const restore = withLocalStorage(storage);
    try {
      const first = shop({ name: "one" });
      const second = shop({ name: "two" });
      const firstCache = cache({ storage: "localStorage" });
      first.server.use(firstCache);
      second.server.use(cache({ storage: "localStorage" }));
      const tagged = { cache: { tags: ["orders"] } };
      await first.orders.get("1").options(tagged).send();
      await second.orders.get("1").options(tagged).send();
      await firstCache.invalidateTags("orders");
      expect((await second.orders.get("1").options(tagged).send()).fromCache).toBe(true);
      expect((await first.orders.get("1").options(tagged).send()).fromCache).toBe(false);
    } finally {
      restore();
    }
  });
});

describe("an aborted send sends nothing", () => {
  const asyncStorage = (): KitCacheStorage => {
    const entries = new Map();
    return {
      get: async (key) => entries.get(key),
      set: async (key, entry) => void entries.set(key, entry),
      delete: async (key) => void entries.delete(key),
      keys: async () => entries.keys(),
    };
  };

  it.each([
    ["auth + cache", () => [auth({ getToken: async () => "token" }), cache()]],
    ["a cache on an async storage", () => [cache({ storage: asyncStorage() })]],
  ])("with %s, abort() right after send() rejects with KitAbortError", async (_what, plugins) => {
    const { server, orders } = shop();
    for (const plugin of plugins()) server.use(plugin);
    const method = orders.get("1");
    const sent = method.send();
    method.abort("changed my mind");
    const error = await failure(sent);
    expect(error).toBeInstanceOf(KitAbortError);
    expect(isKitError(error)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loopback.seen).toHaveLength(0);
  });
});

describe("cache options", () => {
  it.each([
    [{ scope: "alice" }, "cache({ scope }) must be a function, got string"],
    [{ ttl: 0 }, "cache({ ttl }) must be a positive finite number, got 0"],
    [{ maxEntries: 0.5 }, "cache({ maxEntries }) must be an integer ≥ 1, got 0.5"],
  ])(
    "a value that makes no sense (%j) fails when the plugin is made, in one line",
    (bad, message) => {
      expect(() => cache(bad as never)).toThrow(
        expect.objectContaining({ name: "KitOptionsError", code: "KIT_PLUGIN_OPTION", message }),
      );
    },
  );
});
