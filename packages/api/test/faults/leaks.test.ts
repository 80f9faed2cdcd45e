import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Get, type KitMethod } from "../../src/index.js";
import { serviceFor } from "../support/service.js";
import { type FaultServer, startFaultServer } from "./fault-server.js";
import { outcomeOf, trackUnhandledRejections } from "./outcome.js";
import { countResources } from "./resources.js";

@Api("/")
class MixedApi {
  @Get("ok") ok(): Promise<unknown> {
    return null!;
  }
  @Get("missing") missing(): Promise<unknown> {
    return null!;
  }
  @Get("stall-before-headers") stall(): Promise<unknown> {
    return null!;
  }
}

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());

const SENDS = 10_000;
const CONCURRENCY = 25;

/**
 * Successes, HTTP errors and aborts in turn. Each send gets its own method object: listeners and
 * `abort()` belong to a method object, so concurrent sends must not share one.
 */
async function sendMany(
  count: number,
  methods: readonly (() => KitMethod<unknown>)[],
): Promise<number[]> {
  const settled = [0, 0, 0];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const method = methods[index % methods.length]!();
      const abort = index % methods.length === 2;
      const outcome = await outcomeOf(method, abort ? (m) => m.abort("stop") : undefined);
      expect(outcome.successCalls + outcome.errorCalls).toBe(1);
      expect(outcome.finishCalls).toBe(1);
      settled[index % methods.length]!++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return settled;
}

describe(`after ${SENDS} sends`, () => {
  test("heap, listener and handle counts stay flat", async () => {
    const unhandled = trackUnhandledRejections();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const api = serviceFor(server.origin).createApi(MixedApi);
    const methods = [() => api.ok(), () => api.missing(), () => api.stall()];

    // Warm-up fills JIT code, timer lists and the socket pool, which grow once, not per send.
    await sendMany(2_000, methods);
    // Listeners are counted on the pooled sockets while they are open; handles once the server
    // holds no connection, since the pool is however large the last burst left it.
    const pooledBefore = await countResources();
    await server.settle();
    const before = await countResources();
    const settled = await sendMany(SENDS, methods);
    const pooledAfter = await countResources();
    await server.settle();
    const after = await countResources();
    process.off("warning", onWarning);
    unhandled.stop();

    expect(settled.reduce((a, b) => a + b)).toBe(SENDS);
    expect(after.processListeners).toBe(before.processListeners);
    expect(pooledAfter.socketListeners).toBeLessThanOrEqual(pooledBefore.socketListeners);
    expect(after.activeResources).toBeLessThanOrEqual(before.activeResources + 2);
    // A retained result, error or listener per send is hundreds of bytes: 10,000 of them add
    // several megabytes. One-off growth measured here stays under one.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(2 * 1024 * 1024);
    expect(warnings.map(String)).toEqual([]);
    expect(unhandled.reasons).toEqual([]);
  }, 300_000);
});
