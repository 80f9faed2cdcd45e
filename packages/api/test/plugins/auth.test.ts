import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KitBusinessError } from "../../src/index.js";
import { auth, cache } from "../../src/plugins/index.js";
import { createClient } from "./client.js";
import { json, type Loopback, startLoopback } from "./loopback.js";

let loopback: Loopback;
beforeEach(async () => {
  loopback = await startLoopback();
});
afterEach(() => loopback.close());

/** Items answer 200 only to `Bearer <valid>`; the refresh endpoint hands out `fresh`. */
function serveTokens(state: { valid: string; refreshStatus?: number }): void {
  loopback.handle((request, response) => {
    if (request.url === "/auth/refresh") {
      const status = state.refreshStatus ?? 200;
      json(response, status, status === 200 ? { token: "fresh" } : { error: "refresh refused" });
      return;
    }
    if (request.headers.authorization === `Bearer ${state.valid}`) {
      json(response, 200, { id: request.url.slice("/items/".length) });
    } else {
      json(response, 401, { error: "token expired" });
    }
  });
}

function refreshCalls(): number {
  return loopback.seen.filter((request) => request.url === "/auth/refresh").length;
}

function itemCalls(token: string): number {
  return loopback.seen.filter(
    (request) =>
      request.url.startsWith("/items/") && request.headers.authorization === `Bearer ${token}`,
  ).length;
}

/** A client whose token starts as `stale` and whose refresh calls the same server. */
function clientWithAuth() {
  const client = createClient(loopback.origin);
  const tokens = { current: "stale" };
  client.server.use(
    auth({
      getToken: () => tokens.current,
      refresh: async () => {
        const result = await client.authApi
          .refresh()
          .options({ auth: { skip: true } })
          .send();
        tokens.current = result.data.token;
      },
    }),
  );
  return { ...client, tokens };
}

describe("auth", () => {
  it("sends the token as a Bearer Authorization header", async () => {
    serveTokens({ valid: "stale" });
    const { items } = clientWithAuth();
    const result = await items.get("1").send();
    expect(result.data).toEqual({ id: "1" });
    expect(loopback.seen[0]?.headers.authorization).toBe("Bearer stale");
  });

  it("answers a wave of 50 concurrent 401s with exactly one refresh and replays all 50", async () => {
    serveTokens({ valid: "fresh" });
    const { items } = clientWithAuth();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => items.get(String(i)).send()),
    );
    expect(results.map((result) => result.data.id)).toEqual(
      Array.from({ length: 50 }, (_, i) => String(i)),
    );
    expect(refreshCalls()).toBe(1);
    expect(itemCalls("stale")).toBe(50);
    expect(itemCalls("fresh")).toBe(50);
  });

  it("never puts the token on the refresh call itself", async () => {
    serveTokens({ valid: "fresh" });
    const { items } = clientWithAuth();
    await items.get("1").send();
    const refresh = loopback.seen.find((request) => request.url === "/auth/refresh");
    expect(refresh?.headers.authorization).toBeUndefined();
  });

  it("rejects all 50 requests with the same error kind when the refresh fails, after one refresh", async () => {
    serveTokens({ valid: "fresh", refreshStatus: 500 });
    const { items } = clientWithAuth();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => items.get(String(i)).send()),
    );
    const kinds = outcomes.map((outcome) =>
      outcome.status === "rejected"
        ? `${outcome.reason.kind} ${outcome.reason.status}`
        : "fulfilled",
    );
    expect(new Set(kinds)).toEqual(new Set(["http 401"]));
    expect(refreshCalls()).toBe(1);
    expect(itemCalls("stale")).toBe(50);
  });

  it("sends requests started during a refresh at once; refused, they join it and are replayed once with the new token", async () => {
    serveTokens({ valid: "fresh" });
    const client = createClient(loopback.origin);
    const tokens = { current: "stale" };
    let refreshStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      refreshStarted = resolve;
    });
    let finishRefresh!: () => void;
    const gate = new Promise<void>((resolve) => {
      finishRefresh = resolve;
    });
    client.server.use(
      auth({
        getToken: () => tokens.current,
        refresh: async () => {
          refreshStarted();
          await gate;
          tokens.current = "fresh";
        },
      }),
    );
    const first = client.items.get("1").send();
    await started;
    const second = client.items.get("2").send();
    await vi.waitFor(() => expect(itemCalls("stale")).toBe(2));
    finishRefresh();
    expect((await first).data).toEqual({ id: "1" });
    expect((await second).data).toEqual({ id: "2" });
    expect(itemCalls("fresh")).toBe(2);
    expect(loopback.seen.filter((request) => request.url === "/items/2")).toHaveLength(2);
  });

  it("fails requests started during a refresh that fails with the same kind, without refreshing again", async () => {
    serveTokens({ valid: "fresh" });
    const client = createClient(loopback.origin);
    let refreshes = 0;
    let refuse!: (error: Error) => void;
    client.server.use(
      auth({
        getToken: () => "stale",
        refresh: () => {
          refreshes++;
          return new Promise((_resolve, reject) => {
            refuse = reject;
          });
        },
      }),
    );
    const first = client.items.get("1").send();
    await vi.waitFor(() => expect(refreshes).toBe(1));
    const second = client.items.get("2").send();
    refuse(new Error("refresh token revoked"));
    await expect(first).rejects.toMatchObject({ kind: "http", status: 401 });
    await expect(second).rejects.toMatchObject({ kind: "http", status: 401 });
    expect(refreshes).toBe(1);
  });

  it("replays a request only once: a second 401 after the refresh is the answer", async () => {
    serveTokens({ valid: "never" });
    const { items } = clientWithAuth();
    await expect(items.get("1").send()).rejects.toMatchObject({ kind: "http", status: 401 });
    expect(refreshCalls()).toBe(1);
    expect(itemCalls("stale") + itemCalls("fresh")).toBe(2);
  });

  it("refreshes on a business code chosen by isExpired", async () => {
    loopback.handle((request, response) => {
      if (request.headers.authorization === "Bearer fresh") {
        json(response, 200, { code: 0, message: "ok", data: { id: "1" } });
      } else {
        json(response, 200, { code: 40101, message: "token expired", data: null });
      }
    });
    const client = createClient(loopback.origin);
    const tokens = { current: "stale" };
    let refreshes = 0;
    client.server.use(
      auth({
        getToken: () => tokens.current,
        refresh: () => {
          refreshes++;
          tokens.current = "fresh";
        },
        isExpired: (error) => error instanceof KitBusinessError && error.businessCode === 40101,
      }),
    );
    const result = await client.items.get("1").send();
    expect(result.data).toEqual({ id: "1" });
    expect(refreshes).toBe(1);
  });

  it("uses the configured header and scheme, and skips the token when a call asks", async () => {
    const client = createClient(loopback.origin);
    client.server.use(auth({ getToken: () => "abc", header: "X-Token", scheme: "" }));
    await client.items.get("1").send();
    await client.items
      .get("2")
      .options({ auth: { skip: true } })
      .send();
    expect(loopback.seen.map((request) => request.headers["x-token"])).toEqual(["abc", undefined]);
  });

  it("refuses to be registered inside cache, whose keys must see the token", () => {
    const { server } = createClient(loopback.origin);
    server.use(cache());
    expect(() => server.use(auth({ getToken: () => "abc" }))).toThrow(
      /auth must be registered before cache/,
    );
  });

  it("refuses origins that are not absolute URLs when it is made", () => {
    for (const origins of [["files.example.com"], "https://files.example.com", [1]]) {
      expect(() => auth({ getToken: () => "abc", origins: origins as string[] })).toThrow(
        expect.objectContaining({ code: "KIT_PLUGIN_OPTION" }),
      );
    }
    expect(() =>
      auth({ getToken: () => "abc", origins: ["https://files.example.com/v2"] }),
    ).not.toThrow();
  });
});
