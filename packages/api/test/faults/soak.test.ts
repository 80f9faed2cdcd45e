import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Get, isKitError, Params } from "../../src/index.js";
import { auth, cache, logger, retry } from "../../src/plugins/index.js";
import { json, type Loopback, startLoopback } from "../plugins/loopback.js";
import { serviceFor } from "../support/service.js";
import { trackUnhandledRejections } from "./outcome.js";
import { countResources } from "./resources.js";

let loopback: Loopback;
beforeAll(async () => {
  loopback = await startLoopback();
  loopback.handle((request, response) => {
    // `/items/slow-…` answers late, so aborts land while the request is in flight.
    const delay = request.url.includes("slow") ? 5 : 0;
    setTimeout(() => json(response, 200, { url: request.url }), delay);
  });
});
afterAll(() => loopback.close());

@Api("/items")
class ItemApi {
  @Get("/:id") get(@Params("id") _id: string): Promise<{ url: string }> {
    return null!;
  }
}

const SENDS = 100_000;
const CONCURRENCY = 25;

/**
 * Of every twenty sends: one new item (a miss that reaches the server), one slow item aborted in
 * flight, four aborted right after `send()`, fourteen cache hits. Each send has its own method
 * object.
 */
async function soak(count: number, api: ReturnType<typeof items>) {
  const outcomes = { resolved: 0, aborted: 0, other: [] as unknown[] };
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const slot = index % 20;
      const id = slot === 0 ? `new-${index}` : slot === 1 ? `slow-${index}` : "popular";
      const method = api.get(id);
      const sent = method.send();
      if (slot >= 2 && slot <= 5) method.abort("gone");
      if (slot === 1) setTimeout(() => method.abort("gone"), 1);
      try {
        await sent;
        outcomes.resolved++;
      } catch (error) {
        if (isKitError(error) && error.code === "KIT_ABORTED") outcomes.aborted++;
        else outcomes.other.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

function items() {
  const server = serviceFor(loopback.origin, { name: "soak" });
  server
    .use(logger({ sink: () => {} }))
    .use(auth({ getToken: async () => "token", refresh: async () => {} }))
    .use(cache({ maxEntries: 200 }))
    .use(retry());
  return server.createApi(ItemApi);
}

describe(`a soak of ${SENDS} sends mixed with aborts, all plugins registered`, () => {
  test("keeps memory flat and leaves no handle behind; aborted sends reach no server", async () => {
    const unhandled = trackUnhandledRejections();
    const api = items();
    await soak(2_000, api);
    // The test server's own log is emptied before each count: it is not the runtime's memory.
    loopback.seen.length = 0;
    await loopback.settle();
    const before = await countResources();
    const started = performance.now();
    const outcomes = await soak(SENDS, api);
    const seconds = (performance.now() - started) / 1000;
    const requests = loopback.seen.length;
    loopback.seen.length = 0;
    await loopback.settle();
    const after = await countResources();
    unhandled.stop();
    console.info(
      `soak: ${SENDS} sends in ${seconds.toFixed(1)} s, ${requests} reached the server; heap ${(before.heapUsed / 2 ** 20).toFixed(1)} → ${(after.heapUsed / 2 ** 20).toFixed(1)} MiB; active handles ${before.activeResources} → ${after.activeResources}`,
    );

    expect(outcomes.other).toEqual([]);
    expect(outcomes.resolved + outcomes.aborted).toBe(SENDS);
    // Sends aborted right after send() reach nothing: only new and slow items are requested.
    expect(requests).toBeLessThanOrEqual(SENDS / 10);
    expect(after.processListeners).toBe(before.processListeners);
    expect(after.activeResources).toBeLessThanOrEqual(before.activeResources + 2);
    // A retained result, error or listener per send would be megabytes over 100,000 sends.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(4 * 1024 * 1024);
    expect(unhandled.reasons).toEqual([]);
  }, 300_000);
});
