import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Api, Data, KitAbortError, Method } from "../../src/index.js";
import { retry } from "../../src/plugins/index.js";
import { createClient } from "./client.js";
import { json, type Loopback, startLoopback } from "./loopback.js";
import { probe } from "./probe.js";

let loopback: Loopback;
beforeEach(async () => {
  loopback = await startLoopback();
});
afterEach(() => loopback.close());

/** Answers the given statuses in turn, then 200; headers go with every non-200 answer. */
function answerInTurn(statuses: number[], headers: Record<string, string> = {}): void {
  let turn = 0;
  loopback.handle((_request, response) => {
    const status = statuses[turn++] ?? 200;
    json(response, status, { turn }, status === 200 ? {} : headers);
  });
}

const quick = { backoff: { base: 1, max: 5 } };

/**
 * Sends on a faked clock (`setTimeout` and `Date`; the sockets stay real) and returns how long the
 * clock ran, one millisecond at a time while a timer was pending, before the loopback server saw
 * the second request: the wait the plugin asked for, without spending it.
 */
async function waitBeforeSecondRequest(send: () => Promise<unknown>): Promise<number> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  try {
    const sending = send();
    let waited = 0;
    while (loopback.seen.length < 2) {
      if (vi.getTimerCount() > 0) {
        await vi.advanceTimersByTimeAsync(1);
        waited++;
      } else await new Promise((resolve) => setImmediate(resolve));
    }
    await sending;
    return waited;
  } finally {
    vi.useRealTimers();
  }
}

describe("retry", () => {
  it("succeeds on the third attempt after 503, 503, 200", async () => {
    answerInTurn([503, 503]);
    const { server, items } = createClient(loopback.origin);
    server.use(retry(quick));
    const result = await items.get("1").send();
    expect(result.status).toBe(200);
    expect(loopback.seen).toHaveLength(3);
  });

  it("gives up after `retries` extra attempts with the last error", async () => {
    answerInTurn([503, 503, 502, 500]);
    const { server, items } = createClient(loopback.origin);
    server.use(retry({ ...quick, retries: 2 }));
    await expect(items.get("1").send()).rejects.toMatchObject({ kind: "http", status: 502 });
    expect(loopback.seen).toHaveLength(3);
  });

  it("never retries a POST", async () => {
    answerInTurn([503]);
    const { server, items } = createClient(loopback.origin);
    server.use(retry(quick));
    await expect(items.create({ id: "1" }).send()).rejects.toMatchObject({ status: 503 });
    expect(loopback.seen).toHaveLength(1);
  });

  it("retries a QUERY (OpenAPI 3.2's query method), which is safe and idempotent", async () => {
    @Api("/items")
    class SearchApi {
      @Method("QUERY", "/search")
      search(@Data() _filter: { name: string }): Promise<unknown> {
        return null!;
      }
    }
    answerInTurn([503]);
    const { server } = createClient(loopback.origin);
    server.use(retry(quick));
    const result = await server.createApi(SearchApi).search({ name: "a" }).send();
    expect(result.status).toBe(200);
    expect(loopback.seen.map((request) => request.method)).toEqual(["QUERY", "QUERY"]);
  });

  it("does not retry a status outside the list, such as 404", async () => {
    answerInTurn([404]);
    const { server, items } = createClient(loopback.origin);
    server.use(retry(quick));
    await expect(items.get("1").send()).rejects.toMatchObject({ status: 404 });
    expect(loopback.seen).toHaveLength(1);
  });

  it("waits as long as Retry-After asks, within tolerance", async () => {
    answerInTurn([429], { "retry-after": "1" });
    const { server, items } = createClient(loopback.origin);
    server.use(retry(quick));
    const waited = await waitBeforeSecondRequest(() => items.get("1").send());
    expect(waited).toBeGreaterThanOrEqual(990);
    expect(waited).toBeLessThan(1_500);
    expect(loopback.seen).toHaveLength(2);
  });

  it("reads Retry-After as an HTTP-date too", async () => {
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString();
    answerInTurn([503], { "retry-after": inTwoSeconds });
    const { server, items } = createClient(loopback.origin);
    server.use(retry(quick));
    const waited = await waitBeforeSecondRequest(() => items.get("1").send());
    // The date has one-second resolution, so the wait lies between one and two seconds.
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(2_500);
  });

  it("returns the error at once when Retry-After asks for more than maxRetryAfter", async () => {
    answerInTurn([503], { "retry-after": "120" });
    const { server, items } = createClient(loopback.origin);
    server.use(retry({ ...quick, maxRetryAfter: 1_000 }));
    await expect(items.get("1").send()).rejects.toMatchObject({ status: 503 });
    expect(loopback.seen).toHaveLength(1);
  });

  it("retries network errors and timeouts", async () => {
    loopback.handle(() => {});
    const { server, items } = createClient(loopback.origin, { timeout: 50 });
    const attempts = probe();
    server.use(retry(quick)).use(attempts.plugin);
    await expect(items.get("1").send()).rejects.toMatchObject({ kind: "timeout" });
    expect(attempts.failures).toHaveLength(3);

    await loopback.close();
    const refused = probe();
    const closed = createClient(loopback.origin);
    closed.server.use(retry(quick)).use(refused.plugin);
    await expect(closed.items.get("1").send()).rejects.toMatchObject({ kind: "network" });
    expect(refused.failures).toHaveLength(3);
  });

  it("stops at once when aborted during the backoff, without another attempt", async () => {
    answerInTurn([503], { "retry-after": "10" });
    const { server, items } = createClient(loopback.origin);
    const attempts = probe();
    server.use(retry()).use(attempts.plugin);
    const method = items.get("1");
    const sending = method.send();
    await attempts.failuresReach(1);
    const aborted = performance.now();
    method.abort("user left");
    const error = await sending.catch((reason: unknown) => reason);
    expect(performance.now() - aborted).toBeLessThan(100);
    expect(error).toBeInstanceOf(KitAbortError);
    expect((error as KitAbortError).reason).toBe("user left");
    expect(loopback.seen).toHaveLength(1);
  });

  it("never retries an aborted attempt", async () => {
    loopback.handle(() => {});
    const { server, items } = createClient(loopback.origin);
    const attempts = probe();
    server.use(retry(quick)).use(attempts.plugin);
    const method = items.get("1");
    const sending = method.send();
    await new Promise((resolve) => setTimeout(resolve, 50));
    method.abort();
    await expect(sending).rejects.toBeInstanceOf(KitAbortError);
    expect(attempts.attempts).toHaveLength(1);
    expect(attempts.signals[0]?.aborted).toBe(true);
  });

  it("gives each attempt a fresh signal that follows the send's signal", async () => {
    answerInTurn([503, 503]);
    const { server, items } = createClient(loopback.origin);
    const attempts = probe();
    server.use(retry(quick)).use(attempts.plugin);
    await items.get("1").send();
    expect(new Set(attempts.signals).size).toBe(3);
    expect(attempts.signals.every((signal) => !signal.aborted)).toBe(true);
  });

  it("lets one call turn retrying off", async () => {
    answerInTurn([503]);
    const { server, items } = createClient(loopback.origin);
    server.use(retry(quick));
    const sending = items
      .get("1")
      .options({ retry: { retries: 0 } })
      .send();
    await expect(sending).rejects.toMatchObject({ status: 503 });
    expect(loopback.seen).toHaveLength(1);
  });

  it("refuses options that make no sense with a KitOptionsError naming the field", () => {
    expect(() => retry({ retries: -1 })).toThrow(
      expect.objectContaining({
        name: "KitOptionsError",
        code: "KIT_PLUGIN_OPTION",
        message: "retry({ retries }) must be an integer ≥ 0, got -1",
      }),
    );
  });
});
