import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  Get,
  KitAbortError,
  type KitContext,
  type KitPlugin,
  type KitResult,
  type KitServer,
  Params,
  Query,
} from "../src/index.js";
import { echoOf } from "./support/echo.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

declare module "../src/index.js" {
  interface KitCallOptions {
    probe?: { label?: string; flag?: boolean };
  }
}

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

@Api("/pets")
class PetApi {
  @Get("/:id") get(@Params("id") _id: number, @Query("q") _q?: string): Promise<unknown> {
    return null!;
  }
}

@Api()
class SlowApi {
  @Get("/slow") slow(@Query("ms") _ms: number): Promise<unknown> {
    return null!;
  }
}

/** Counts the HTTP exchanges that actually reach axios. */
function countExchanges(service: KitServer): { count: number } {
  const counter = { count: 0 };
  service.http.interceptors.request.use((config) => {
    counter.count++;
    return config;
  });
  return counter;
}

describe("server.use", () => {
  test("is chainable, calls setup with the server and lists plugins in order", () => {
    const service = serviceFor(http.origin);
    const setups: unknown[] = [];
    const returned = service
      .use({ name: "first", setup: (server) => setups.push(server) })
      .use({ name: "second" });
    expect(returned).toBe(service);
    expect(setups).toEqual([service]);
    expect(service.plugins.map((plugin) => plugin.name)).toEqual(["first", "second"]);
  });

  test("leaves a plugin whose setup throws unregistered", () => {
    const service = serviceFor(http.origin);
    const failing: KitPlugin = {
      name: "failing",
      setup() {
        throw new Error("no storage");
      },
    };
    expect(() => service.use(failing)).toThrow("no storage");
    expect(service.plugins).toEqual([]);
  });
});

describe("plugin middleware", () => {
  test("runs first registered outermost and sees the call", async () => {
    const events: string[] = [];
    let seen: KitContext | undefined;
    const layer = (name: string): KitPlugin => ({
      name,
      async request(ctx, next) {
        seen = ctx;
        events.push(`${name} in`);
        const result = await next();
        events.push(`${name} out`);
        return result;
      },
    });
    const service = serviceFor(`${http.origin}/api`)
      .use(layer("outer"))
      .use({ name: "setup only" })
      .use(layer("inner"));
    await service
      .createApi(PetApi)
      .get(4, "x")
      .options({ probe: { label: "L" } })
      .send();
    expect(events).toEqual(["outer in", "inner in", "inner out", "outer out"]);
    expect(seen).toMatchObject({
      server: service,
      api: "PetApi",
      method: "get",
      args: [4, "x"],
      options: { probe: { label: "L" } },
      meta: {},
      request: {
        method: "GET",
        url: `${http.origin}/api/pets/4`,
        params: { q: "x" },
        timeout: 10_000,
        responseType: "json",
      },
    });
    expect(seen?.request.signal).toBeInstanceOf(AbortSignal);
  });

  test("sends the request as the plugins left it", async () => {
    const service = serviceFor(http.origin).use({
      name: "rewrite",
      request(ctx, next) {
        ctx.request.headers.Authorization = "Bearer t";
        ctx.request.params.extra = [1, 2];
        ctx.request.url += "/sub";
        return next();
      },
    });
    const echo = echoOf(await service.createApi(PetApi).get(1).send());
    expect(echo.url).toBe("/pets/1/sub?extra=1&extra=2");
    expect(echo.headers.authorization).toBe("Bearer t");
  });

  test("may call next again to replay with the current request", async () => {
    const service = serviceFor(http.origin).use({
      name: "replay",
      async request(ctx, next) {
        await next();
        ctx.request.headers["X-Attempt"] = "2";
        return next();
      },
    });
    const counter = countExchanges(service);
    const echo = echoOf(await service.createApi(PetApi).get(1).send());
    expect(counter.count).toBe(2);
    expect(echo.headers["x-attempt"]).toBe("2");
  });

  test("may answer without calling next; nothing is sent", async () => {
    const stored: KitResult = {
      data: { cached: true },
      code: undefined,
      message: undefined,
      fromCache: false,
      status: 200,
      headers: {},
      envelope: undefined,
    };
    const service = serviceFor(http.origin).use({
      name: "cache",
      request: async () => ({ ...stored, fromCache: true }),
    });
    const counter = countExchanges(service);
    const result = await service.createApi(PetApi).get(1).send();
    expect(result).toMatchObject({ data: { cached: true }, fromCache: true });
    expect(counter.count).toBe(0);
  });

  test("gets options merged across options() calls, on later sends only", async () => {
    const seen: unknown[] = [];
    const service = serviceFor(http.origin).use({
      name: "probe",
      request(ctx, next) {
        seen.push(ctx.options.probe);
        return next();
      },
    });
    const request = service.createApi(PetApi).get(1);
    await request.send();
    request.options({ probe: { label: "a" } });
    await request.send();
    await request.send();
    expect(seen).toEqual([undefined, { label: "a" }, { label: "a" }]);
  });

  test("gets a fresh signal per send that abort() aborts", async () => {
    const signals: AbortSignal[] = [];
    const service = serviceFor(http.origin).use({
      name: "signals",
      request(ctx, next) {
        signals.push(ctx.request.signal);
        return next();
      },
    });
    const request = service.createApi(SlowApi).slow(5);
    await request.send();
    const pending = request.send(5000).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 30));
    request.abort("stop");
    expect(await pending).toBeInstanceOf(KitAbortError);
    expect(signals[0]).not.toBe(signals[1]);
    expect(signals.map((signal) => signal.aborted)).toEqual([false, true]);
  });

  test("a signal a plugin aborted rejects with KitAbortError before sending", async () => {
    const service = serviceFor(http.origin).use({
      name: "veto",
      request(ctx, next) {
        ctx.request.signal = AbortSignal.abort("vetoed");
        return next();
      },
    });
    const counter = countExchanges(service);
    const error = await service
      .createApi(PetApi)
      .get(1)
      .send()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KitAbortError);
    expect(error).toMatchObject({ reason: "vetoed" });
    expect(counter.count).toBe(0);
  });

  test("an error a plugin throws that is not a Kit error reaches the caller unchanged", async () => {
    const bug = new TypeError("plugin bug");
    const service = serviceFor(http.origin).use({
      name: "broken",
      request: async () => {
        throw bug;
      },
    });
    const request = service.createApi(PetApi).get(1);
    const seen: unknown[] = [];
    request.onError((error) => seen.push(error));
    await expect(request.send()).rejects.toBe(bug);
    expect(seen).toEqual([bug]);
  });
});
