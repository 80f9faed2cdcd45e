import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KitAbortError } from "../../src/index.js";
import { auth, cache, type KitCacheEntry, type KitCacheStorage } from "../../src/plugins/index.js";
import { createClient } from "./client.js";
import { json, type Loopback, startLoopback } from "./loopback.js";
import { MapStorage } from "./map-storage.js";

let loopback: Loopback;
beforeEach(async () => {
  loopback = await startLoopback();
  loopback.handle((request, response) => {
    json(response, 200, { id: request.url, seenBy: request.headers.authorization });
  });
});
afterEach(() => loopback.close());

function paths(): string[] {
  return loopback.seen.map((request) => request.url);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe("cache", () => {
  it("serves the second identical GET from the cache without reaching the server", async () => {
    const { server, items } = createClient(loopback.origin);
    server.use(cache());
    const first = await items.get("1").send();
    const second = await items.get("1").send();
    expect(first.fromCache).toBe(false);
    expect(second.fromCache).toBe(true);
    expect(second.data).toEqual(first.data);
    expect(second.status).toBe(200);
    expect(paths()).toEqual(["/items/1"]);
  });

  it("treats query keys in any order as the same request", async () => {
    const { server, items } = createClient(loopback.origin);
    server.use(cache());
    await items.get("1", { b: 2, a: [1, 3] }).send();
    const again = await items.get("1", { a: [1, 3], b: 2, c: undefined }).send();
    const other = await items.get("1", { a: [3, 1], b: 2 }).send();
    expect(again.fromCache).toBe(true);
    expect(other.fromCache).toBe(false);
  });

  it("never shares an entry between two Authorization headers", async () => {
    const { server, items } = createClient(loopback.origin);
    const user = { token: "alice" };
    server.use(auth({ getToken: () => user.token })).use(cache());
    const alice = await items.get("1").send();
    user.token = "bob";
    const bob = await items.get("1").send();
    user.token = "alice";
    const aliceAgain = await items.get("1").send();
    expect(bob.fromCache).toBe(false);
    expect(bob.data.seenBy).toBe("Bearer bob");
    expect(aliceAgain.fromCache).toBe(true);
    expect(aliceAgain.data).toEqual(alice.data);
    expect(loopback.seen).toHaveLength(2);
  });

  it("sends again once an entry's ttl has passed, and a call may set its own ttl", async () => {
    const { server, items } = createClient(loopback.origin);
    server.use(cache({ ttl: 40 }));
    await items.get("1").send();
    await sleep(60);
    expect((await items.get("1").send()).fromCache).toBe(false);
    await items
      .get("2")
      .options({ cache: { ttl: 1_000 } })
      .send();
    await sleep(60);
    expect((await items.get("2").send()).fromCache).toBe(true);
    expect(paths()).toEqual(["/items/1", "/items/1", "/items/2"]);
  });

  it("evicts the least recently used entry beyond maxEntries", async () => {
    const { server, items } = createClient(loopback.origin);
    server.use(cache({ maxEntries: 2 }));
    await items.get("1").send();
    await items.get("2").send();
    await items.get("1").send();
    await items.get("3").send();
    expect((await items.get("1").send()).fromCache).toBe(true);
    expect((await items.get("2").send()).fromCache).toBe(false);
    expect(paths()).toEqual(["/items/1", "/items/2", "/items/3", "/items/2"]);
  });

  it("sends one request for 20 concurrent identical GETs", async () => {
    loopback.handle((request, response) => {
      setTimeout(() => json(response, 200, { id: request.url }), 50);
    });
    const { server, items } = createClient(loopback.origin);
    server.use(cache());
    const results = await Promise.all(Array.from({ length: 20 }, () => items.get("1").send()));
    expect(results.every((result) => result.data.id === "/items/1")).toBe(true);
    expect(loopback.seen).toHaveLength(1);
  });

  it("keeps the shared request alive when one of its callers aborts", async () => {
    loopback.handle((request, response) => {
      setTimeout(() => json(response, 200, { id: request.url }), 100);
    });
    const { server, items } = createClient(loopback.origin);
    server.use(cache());
    const methods = [items.get("1"), items.get("1"), items.get("1")];
    const sends = methods.map((method) => method.send());
    await sleep(20);
    methods[0]!.abort("not needed");
    const [aborted, ...others] = await Promise.allSettled(sends);
    expect(aborted).toMatchObject({ status: "rejected", reason: expect.any(KitAbortError) });
    expect(others.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(loopback.seen).toHaveLength(1);
  });

  it("cancels the shared request when every caller aborts, so the next send starts afresh", async () => {
    loopback.handle((request, response) => {
      setTimeout(() => json(response, 200, { id: request.url }), 100);
    });
    const { server, items } = createClient(loopback.origin);
    server.use(cache());
    const methods = [items.get("1"), items.get("1")];
    const sends = methods.map((method) => method.send());
    await sleep(20);
    for (const method of methods) method.abort();
    const outcomes = await Promise.allSettled(sends);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    const fresh = await items.get("1").send();
    expect(fresh.fromCache).toBe(false);
    expect(loopback.seen).toHaveLength(2);
  });

  it("does not keep failures", async () => {
    let status = 500;
    loopback.handle((request, response) => json(response, status, { id: request.url }));
    const { server, items } = createClient(loopback.origin);
    server.use(cache());
    await expect(items.get("1").send()).rejects.toMatchObject({ kind: "http", status: 500 });
    status = 200;
    expect((await items.get("1").send()).fromCache).toBe(false);
    expect((await items.get("1").send()).fromCache).toBe(true);
    expect(loopback.seen).toHaveLength(2);
  });

  it("leaves POST alone and lets a call skip the cache", async () => {
    const { server, items } = createClient(loopback.origin);
    server.use(cache());
    await items.create({ id: "1" }).send();
    await items.create({ id: "1" }).send();
    await items.get("1").send();
    const skipped = await items
      .get("1")
      .options({ cache: { skip: true } })
      .send();
    expect(skipped.fromCache).toBe(false);
    expect(loopback.seen).toHaveLength(4);
  });

  it("invalidates entries by URL prefix and clears them all", async () => {
    const { server, items } = createClient(loopback.origin);
    const store = cache();
    server.use(store);
    await items.get("1").send();
    await items.get("2").send();
    await store.invalidate("/items/1");
    expect((await items.get("1").send()).fromCache).toBe(false);
    expect((await items.get("2").send()).fromCache).toBe(true);
    await store.invalidate(`${loopback.origin}/items`);
    expect((await items.get("2").send()).fromCache).toBe(false);
    await store.clear();
    expect((await items.get("1").send()).fromCache).toBe(false);
    expect(paths()).toEqual(["/items/1", "/items/2", "/items/1", "/items/2", "/items/1"]);
  });

  it("neither keeps nor shares an answer that was in flight when its URL was invalidated", async () => {
    let version = 1;
    let answered = 0;
    loopback.handle((request, response) => {
      const answer = { id: request.url, seenBy: `v${version}` };
      answered++;
      setTimeout(() => json(response, 200, answer), 50);
    });
    const { server, items } = createClient(loopback.origin);
    const store = cache();
    server.use(store);
    const before = items.get("1").send();
    // The change happens once the server has read the first request, however loaded the machine.
    await vi.waitFor(() => expect(answered).toBe(1));
    version = 2;
    await store.invalidate("/items");
    const after = await items.get("1").send();
    expect((await before).data.seenBy).toBe("v1");
    expect(after.data.seenBy).toBe("v2");
    expect((await items.get("1").send()).data.seenBy).toBe("v2");
    expect(loopback.seen).toHaveLength(2);
  });

  it("keeps entries in localStorage under its own prefix, without the token in the keys", async () => {
    const storage = new MapStorage();
    storage.setItem("theme", "dark");
    Object.assign(globalThis, { localStorage: storage });
    try {
      const { server, items } = createClient(loopback.origin);
      const store = cache({ storage: "localStorage" });
      server.use(auth({ getToken: () => "secret-token" })).use(store);
      await items.get("1").send();
      expect((await items.get("1").send()).fromCache).toBe(true);
      const keys = [...storage.items.keys()];
      expect(keys.filter((key) => key.startsWith("kit-cache:"))).toHaveLength(1);
      expect(keys.join()).not.toContain("secret-token");
      await store.clear();
      expect([...storage.items.keys()]).toEqual(["theme"]);
    } finally {
      Reflect.deleteProperty(globalThis, "localStorage");
    }
  });

  it("falls back to memory where sessionStorage does not exist, saying so in one line, once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const store = cache({ storage: ["memory", "sessionStorage"] });
      const { server, items } = createClient(loopback.origin);
      server.use(store);
      await items.get("1").send();
      expect((await items.get("1").send()).fromCache).toBe(true);
      expect(warn.mock.calls).toEqual([
        [
          'cache({ storage: "sessionStorage" }): globalThis.sessionStorage does not exist here (server-side rendering, Node, a worker), so entries are kept in memory',
        ],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it("works with a custom asynchronous storage", async () => {
    const entries = new Map<string, KitCacheEntry>();
    const storage: KitCacheStorage = {
      get: async (key) => entries.get(key),
      set: async (key, entry) => {
        entries.set(key, entry);
      },
      delete: async (key) => {
        entries.delete(key);
      },
      keys: async () => entries.keys(),
    };
    const { server, items } = createClient(loopback.origin);
    server.use(cache({ storage }));
    await items.get("1").send();
    expect((await items.get("1").send()).fromCache).toBe(true);
    expect(entries.size).toBe(1);
    expect(loopback.seen).toHaveLength(1);
  });

  it("still answers when a custom storage fails to keep the entry", async () => {
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const storage: KitCacheStorage = {
        get: () => undefined,
        set: async () => {
          throw new Error("disk full");
        },
        delete: () => {},
        keys: () => [],
      };
      const { server, items } = createClient(loopback.origin);
      server.use(cache({ storage }));
      expect((await items.get("1").send()).data.id).toBe("/items/1");
      expect(report).toHaveBeenCalledTimes(1);
    } finally {
      report.mockRestore();
    }
  });
});
