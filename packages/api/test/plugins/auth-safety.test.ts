import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isKitError, KitAbortError, KitTimeoutError } from "../../src/index.js";
import { auth } from "../../src/plugins/index.js";
import { failure } from "../support/failure.js";
import { createClient } from "./client.js";
import { json, type Loopback, startLoopback } from "./loopback.js";

let loopback: Loopback;
beforeEach(async () => {
  loopback = await startLoopback();
  // Items answer only the fresh token; the refresh endpoint hands it out to anyone.
  loopback.handle((request, response) => {
    if (request.url === "/auth/refresh") json(response, 200, { token: "fresh" });
    else if (request.headers.authorization === "Bearer fresh") json(response, 200, { id: "ok" });
    else json(response, 401, { error: "token expired" });
  });
});
afterEach(() => loopback.close());

describe("auth never hangs", () => {
  it.each([
    ["at once", false],
    ["after an await", true],
  ])(
    "a refresh calling an API of the same server %s, with no flag, works",
    async (_when, later) => {
      const client = createClient(loopback.origin);
      const tokens = { current: "stale" };
      client.server.use(
        auth({
          getToken: () => tokens.current,
          refresh: async () => {
            if (later) await new Promise((resolve) => setTimeout(resolve, 5));
            tokens.current = (await client.authApi.refresh().send()).data.token;
          },
        }),
      );
      const results = await Promise.all([1, 2, 3].map((id) => client.items.get(`${id}`).send()));
      expect(results.map((result) => result.data)).toEqual([
        { id: "ok" },
        { id: "ok" },
        { id: "ok" },
      ]);
      expect(loopback.seen.filter((seen) => seen.url === "/auth/refresh")).toHaveLength(1);
    },
  );

  it("fails every waiter with one KIT_REFRESH_TIMEOUT when the refresh never settles", async () => {
    const client = createClient(loopback.origin);
    client.server.use(
      auth({ getToken: () => "stale", refresh: () => new Promise(() => {}), refreshTimeout: 100 }),
    );
    const errors = await Promise.all(
      [1, 2, 3].map((id) => failure(client.items.get(`${id}`).send())),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(KitTimeoutError);
      expect(error).toMatchObject({ code: "KIT_REFRESH_TIMEOUT", timeout: 100 });
    }
    // A later request starts a new refresh rather than waiting for the stuck one.
    expect(await failure(client.items.get("4").send())).toMatchObject({
      code: "KIT_REFRESH_TIMEOUT",
    });
  });

  it("the request's own timeout ends its wait for a refresh", async () => {
    const client = createClient(loopback.origin, { timeout: 150 });
    client.server.use(auth({ getToken: () => "stale", refresh: () => new Promise(() => {}) }));
    const started = Date.now();
    const error = await failure(client.items.get("1").send());
    expect(error).toBeInstanceOf(KitTimeoutError);
    expect(error).toMatchObject({ code: "KIT_TIMEOUT", timeout: 150 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("abort() ends a wait for a refresh at once", async () => {
    const client = createClient(loopback.origin);
    let refreshing!: () => void;
    const started = new Promise<void>((resolve) => {
      refreshing = resolve;
    });
    client.server.use(
      auth({
        getToken: () => "stale",
        refresh: () => {
          refreshing();
          return new Promise(() => {});
        },
        refreshTimeout: 1_000,
      }),
    );
    const method = client.items.get("1");
    const sent = method.send();
    await started;
    method.abort("leaving the page");
    const error = await failure(sent);
    expect(error).toBeInstanceOf(KitAbortError);
    expect(isKitError(error)).toBe(true);
  });
});

describe("auth options", () => {
  it.each([
    [{ refreshTimeout: 0 }, "auth({ refreshTimeout }) must be an integer ≥ 1, got 0"],
    [{ refreshTimeout: Number.NaN }, "auth({ refreshTimeout }) must be an integer ≥ 1, got NaN"],
    [
      { header: "X Api Key" },
      'auth({ header }) must be a header name (an HTTP token), got "X Api Key"',
    ],
    [{ header: "" }, 'auth({ header }) must be a header name (an HTTP token), got ""'],
  ])(
    "a value that makes no sense (%j) fails when the plugin is made, in one line",
    (bad, message) => {
      expect(() => auth({ getToken: () => "t", ...bad })).toThrow(
        expect.objectContaining({ name: "KitOptionsError", code: "KIT_PLUGIN_OPTION", message }),
      );
    },
  );
});
