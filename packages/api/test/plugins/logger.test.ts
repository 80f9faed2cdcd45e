import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cache, type KitLogEvent, logger } from "../../src/plugins/index.js";
import { createClient } from "./client.js";
import { json, type Loopback, startLoopback } from "./loopback.js";

let loopback: Loopback;
beforeEach(async () => {
  loopback = await startLoopback();
});
afterEach(() => loopback.close());

function collect() {
  const lines: string[] = [];
  const events: KitLogEvent[] = [];
  const sink = (line: string, event: KitLogEvent): void => {
    lines.push(line);
    events.push(event);
  };
  return { lines, events, sink };
}

describe("logger", () => {
  it("writes one line when a request starts and one with its status and duration", async () => {
    const log = collect();
    const { server, items } = createClient(loopback.origin);
    server.use(logger({ sink: log.sink }));
    await items.get("1").send();
    expect(log.lines).toHaveLength(2);
    expect(log.lines[0]).toBe(`[shop] → GET ${loopback.origin}/items/1 ItemApi.get`);
    expect(log.lines[1]).toMatch(
      new RegExp(`^\\[shop\\] ← 200 GET ${loopback.origin}/items/1 \\d+\\.\\dms$`),
    );
    expect(log.events.map((event) => event.type)).toEqual(["request", "success"]);
  });

  it("writes the error kind and status of a failure", async () => {
    loopback.handle((_request, response) => json(response, 404, { error: "missing" }));
    const log = collect();
    const { server, items } = createClient(loopback.origin);
    server.use(logger({ sink: log.sink }));
    await expect(items.get("1").send()).rejects.toMatchObject({ status: 404 });
    expect(log.lines[1]).toMatch(/^\[shop\] ✗ http 404 GET .*\/items\/1 \d+\.\dms$/);
    expect(log.events[1]).toMatchObject({ type: "error", kind: "http", status: 404 });
  });

  it("marks answers that came from the cache", async () => {
    const log = collect();
    const { server, items } = createClient(loopback.origin);
    server.use(logger({ sink: log.sink })).use(cache());
    await items.get("1").send();
    await items.get("1").send();
    expect(log.lines[3]).toMatch(/ \(cache\)$/);
    expect(log.events[3]).toMatchObject({ type: "success", fromCache: true });
  });

  it("writes to the console by default, failures as warnings", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      loopback.handle((_request, response) => json(response, 500, {}));
      const { server, items } = createClient(loopback.origin);
      server.use(logger());
      await items
        .get("1")
        .send()
        .catch(() => {});
      expect(info).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatch(/✗ http 500/);
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
  });
});
