import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { KitAbortError, KitRequestError, KitTimeoutError } from "../../src/index.js";
import { auth, cache, logger, pool, retry } from "../../src/plugins/index.js";
import { createClient } from "./client.js";
import { json, type Loopback, startLoopback } from "./loopback.js";

let loopback: Loopback;
/** Responses the server holds until the test answers them, in arrival order. */
let held: { url: string; response: ServerResponse }[] = [];
beforeAll(async () => {
  loopback = await startLoopback();
});
afterAll(() => loopback.close());
afterEach(() => {
  vi.useRealTimers();
  for (const { response } of held) json(response, 200, {});
  held = [];
  loopback.seen.length = 0;
});

function hold(): void {
  loopback.handle((request, response) => held.push({ url: request.url, response }));
}

/** Answers the oldest held request. */
function answerOne(status = 200): void {
  const { url, response } = held.shift()!;
  json(response, status, { id: url });
}

function arrived(): string[] {
  return loopback.seen.map(({ url }) => url);
}

describe("the request pool", () => {
  it("keeps at most `concurrency` requests in flight and starts the next as one ends, failures too", async () => {
    hold();
    const { server, items } = createClient(loopback.origin);
    const limiter = pool({ concurrency: 2 });
    server.use(limiter);
    const sends = ["1", "2", "3", "4", "5"].map((id) =>
      items
        .get(id)
        .send()
        .catch((e) => e),
    );
    await vi.waitFor(() => expect(arrived()).toHaveLength(2));
    expect([limiter.active, limiter.queued]).toEqual([2, 3]);
    answerOne(500);
    await vi.waitFor(() => expect(arrived()).toHaveLength(3));
    expect(held).toHaveLength(2);
    while (arrived().length < 5 || held.length > 0) {
      if (held.length > 0) answerOne();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const results = await Promise.all(sends);
    expect(results[0]).toMatchObject({ status: 500 });
    expect(results.slice(1).map((result) => result.data.id)).toEqual([
      "/items/2",
      "/items/3",
      "/items/4",
      "/items/5",
    ]);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it("lets a higher priority leave the queue first, arrival order within a priority", async () => {
    hold();
    const { server, items } = createClient(loopback.origin);
    server.use(pool({ concurrency: 1 }));
    const first = items.get("first").send();
    await vi.waitFor(() => expect(arrived()).toHaveLength(1));
    const queued = [
      ["low-a", 0],
      ["high-b", 5],
      ["low-c", 0],
      ["high-d", 5],
      ["urgent", 9],
    ].map(([id, priority]) =>
      items
        .get(id as string)
        .options({ pool: { priority: priority as number } })
        .send(),
    );
    for (let i = 0; i < 6; i++) {
      await vi.waitFor(() => expect(held).toHaveLength(1));
      answerOne();
      await vi.waitFor(() => expect(arrived().length).toBe(Math.min(i + 2, 6)));
    }
    await Promise.all([first, ...queued]);
    expect(arrived()).toEqual([
      "/items/first",
      "/items/urgent",
      "/items/high-b",
      "/items/high-d",
      "/items/low-a",
      "/items/low-c",
    ]);
  });

  it("refuses a request past maxQueue with a Kit error, sending nothing", async () => {
    hold();
    const { server, items } = createClient(loopback.origin);
    server.use(pool({ concurrency: 1, maxQueue: 1 }));
    const first = items.get("1").send();
    const second = items.get("2").send();
    const error = await items
      .get("3")
      .send()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KitRequestError);
    expect(error).toMatchObject({
      kind: "limit",
      code: "KIT_POOL_QUEUE_FULL",
      message: `GET ${loopback.origin}/items/3 was not sent: the request pool's queue is full (maxQueue 1)`,
    });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    answerOne();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    answerOne();
    await Promise.all([first, second]);
    expect(arrived()).toEqual(["/items/1", "/items/2"]);
  });

  it("rejects a request that waited past queueTimeout with KitTimeoutError, sending nothing", async () => {
    hold();
    // No request timeout: only the pool's timer runs on the fake clock.
    const { server, items } = createClient(loopback.origin, { timeout: 0 });
    const limiter = pool({ concurrency: 1, queueTimeout: 1_000 });
    server.use(limiter);
    const first = items.get("1").send();
    await vi.waitFor(() => expect(arrived()).toHaveLength(1));
    // Faked only now: vi.waitFor moves a fake clock on by itself.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const waiting = items
      .get("2")
      .send()
      .catch((caught: unknown) => caught);
    expect(limiter.queued).toBe(1);
    vi.advanceTimersByTime(999);
    expect(limiter.queued).toBe(1);
    vi.advanceTimersByTime(1);
    const error = await waiting;
    expect(error).toBeInstanceOf(KitTimeoutError);
    expect(error).toMatchObject({
      code: "KIT_POOL_QUEUE_TIMEOUT",
      timeout: 1_000,
      message: `GET ${loopback.origin}/items/2 waited more than 1000 ms for a slot in the request pool and was not sent`,
    });
    expect(limiter.queued).toBe(0);
    vi.useRealTimers();
    answerOne();
    await first;
    expect(arrived()).toEqual(["/items/1"]);
  });

  it("is refused outside auth, whose refresh would wait for a slot a waiting request holds", () => {
    const { server } = createClient(loopback.origin);
    server.use(pool());
    expect(() => server.use(auth({ getToken: () => "t" }))).toThrow(
      /^auth must be registered before pool/,
    );
  });

  it("checks its options when made", () => {
    expect(() => pool({ concurrency: 0 })).toThrow(
      "pool({ concurrency }) must be an integer ≥ 1, got 0",
    );
    expect(() => pool({ queueTimeout: -1 })).toThrow(/queueTimeout/);
    expect(() => pool({ maxQueue: 1.5 })).toThrow(/maxQueue/);
  });
});

describe("the pool among the other plugins", () => {
  it("composes with logger, auth, cache and retry in the recommended order: hits never queue", async () => {
    loopback.handle((request, response) => {
      if (
        request.url.endsWith("flaky") &&
        loopback.seen.filter((s) => s.url === request.url).length === 1
      ) {
        json(response, 503, {});
      } else json(response, 200, { id: request.url, token: request.headers.authorization });
    });
    const { server, items } = createClient(loopback.origin);
    const limiter = pool({ concurrency: 1 });
    const lines: string[] = [];
    server
      .use(logger({ sink: (line) => lines.push(line) }))
      .use(auth({ getToken: () => "t" }))
      .use(cache())
      .use(retry({ backoff: { base: 0, max: 0 } }))
      .use(limiter);
    const [a, b] = await Promise.all([items.get("1").send(), items.get("flaky").send()]);
    expect([a.data.token, b.data.token]).toEqual(["Bearer t", "Bearer t"]);
    const hits = await Promise.all([items.get("1").send(), items.get("flaky").send()]);
    expect(hits.map((hit) => hit.fromCache)).toEqual([true, true]);
    expect(arrived()).toEqual(["/items/1", "/items/flaky", "/items/flaky"]);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
    expect(lines.filter((line) => line.includes("(cache)"))).toHaveLength(2);
  });
});

describe("an aborted send sends nothing, in the pool's queue too", () => {
  it("takes an aborted request out of the queue at once; it never reaches the server", async () => {
    hold();
    const { server, items } = createClient(loopback.origin);
    const limiter = pool({ concurrency: 1 });
    server.use(limiter);
    const first = items.get("1").send();
    const aborted = items.get("2");
    const rejected = aborted.send().catch((caught: unknown) => caught);
    const third = items.get("3").send();
    await vi.waitFor(() => expect(arrived()).toHaveLength(1));
    expect(limiter.queued).toBe(2);
    aborted.abort("user left");
    const error = await rejected;
    expect(error).toBeInstanceOf(KitAbortError);
    expect(error).toMatchObject({ reason: "user left" });
    expect(limiter.queued).toBe(1);
    answerOne();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    answerOne();
    await Promise.all([first, third]);
    expect(arrived()).toEqual(["/items/1", "/items/3"]);
  });

  it("sends nothing for a signal already aborted", async () => {
    hold();
    const { server, items } = createClient(loopback.origin);
    server.use(pool({ concurrency: 1 }));
    const first = items.get("1").send();
    const controller = new AbortController();
    controller.abort("gone");
    await expect(items.get("2").sendWith({ signal: controller.signal })).rejects.toBeInstanceOf(
      KitAbortError,
    );
    await vi.waitFor(() => expect(held).toHaveLength(1));
    answerOne();
    await first;
    expect(arrived()).toEqual(["/items/1"]);
  });
});
