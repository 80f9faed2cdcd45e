import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { KitPlugin } from "../../src/index.js";
import { auth, cache, logger, retry } from "../../src/plugins/index.js";
import { createClient } from "./client.js";
import { json, type Loopback, startLoopback } from "./loopback.js";
import { probe } from "./probe.js";

let loopback: Loopback;
beforeEach(async () => {
  loopback = await startLoopback();
});
afterEach(() => loopback.close());

function tracing(name: string, trace: string[]): KitPlugin {
  return {
    name,
    async request(_ctx, next) {
      trace.push(`${name} in`);
      const result = await next();
      trace.push(`${name} out`);
      return result;
    },
  };
}

describe("plugins together", () => {
  it("run first registered outermost", async () => {
    const trace: string[] = [];
    const { server, items } = createClient(loopback.origin);
    server.use(tracing("outer", trace)).use(tracing("inner", trace));
    await items.get("1").send();
    expect(trace).toEqual(["outer in", "inner in", "inner out", "outer out"]);
  });

  it("let a plugin answer without sending", async () => {
    const { server, items } = createClient(loopback.origin);
    server.use({
      name: "stub",
      request: async () => ({
        data: { id: "stub" },
        code: undefined,
        message: undefined,
        fromCache: false,
        status: 200,
        headers: {},
        envelope: undefined,
      }),
    });
    const result = await items.get("1").send();
    expect(result.data).toEqual({ id: "stub" });
    expect(loopback.seen).toHaveLength(0);
  });

  it("refuse a second plugin of the same name", () => {
    const { server } = createClient(loopback.origin);
    server.use(retry());
    expect(() => server.use(retry())).toThrow('A plugin named "retry" is already registered');
  });

  it("pass each call's options to every plugin", async () => {
    loopback.handle((_request, response) => json(response, 503, {}));
    const { server, items } = createClient(loopback.origin);
    const seen = probe();
    server
      .use(auth({ getToken: () => "abc" }))
      .use(retry({ backoff: { base: 1, max: 1 } }))
      .use(cache())
      .use(seen.plugin);
    const options = { cache: { skip: true }, retry: { retries: 0 }, auth: { skip: true } };
    // Checked by `npm run typecheck`: each plugin types its own field.
    // @ts-expect-error `skip` is a boolean
    items.get("1").options({ cache: { skip: "yes" } });
    await expect(items.get("1").options(options).send()).rejects.toMatchObject({ status: 503 });
    expect(seen.attempts).toHaveLength(1);
    expect(seen.attempts[0]?.headers.Authorization).toBeUndefined();
  });

  it("keep the built-in plugins working in the documented order", async () => {
    let calls = 0;
    loopback.handle((request, response) => {
      calls++;
      if (calls === 1) json(response, 503, {});
      else json(response, 200, { id: request.url });
    });
    const lines: string[] = [];
    const { server, items } = createClient(loopback.origin);
    server
      .use(logger({ sink: (line) => lines.push(line) }))
      .use(auth({ getToken: () => "abc" }))
      .use(cache())
      .use(retry({ backoff: { base: 1, max: 1 } }));
    expect((await items.get("1").send()).fromCache).toBe(false);
    expect((await items.get("1").send()).fromCache).toBe(true);
    expect(loopback.seen).toHaveLength(2);
    expect(lines).toHaveLength(4);
  });
});
