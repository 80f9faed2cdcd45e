import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  Api,
  configure,
  Get,
  KitBusinessError,
  KitOptionsError,
  KitServer,
  Server,
} from "../src/index.js";
import { cache } from "../src/plugins/index.js";
import { json, type Loopback, startLoopback } from "./plugins/loopback.js";

let first: Loopback;
let second: Loopback;
beforeAll(async () => {
  first = await startLoopback();
  second = await startLoopback();
});
afterAll(async () => {
  await first.close();
  await second.close();
});
afterEach(() => {
  for (const loopback of [first, second]) {
    loopback.seen.length = 0;
    loopback.handle((_request, response) => json(response, 200, { code: 0, data: "ok" }));
  }
});

@Api("/pets")
class PetApi {
  @Get("/1")
  get(): Promise<string> {
    return null!;
  }
}

function service() {
  @Server({ baseURL: first.origin, headers: { "X-App": "kit" }, timeout: 5_000 })
  class Shop extends KitServer {}
  return new Shop();
}

/** A plugin that holds every send until `release()`, to configure while sends are in flight. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    plugin: {
      name: "gate",
      async request(_ctx: unknown, next: () => Promise<never>) {
        await opened;
        return next();
      },
    },
  };
}

describe("configure(server, options)", () => {
  it("changes the baseURL and headers of later sends, for API objects made before", async () => {
    const shop = service();
    const pets = shop.createApi(PetApi);
    await pets.get().send();
    configure(shop, { baseURL: `${second.origin}/tenant-7`, headers: { "X-Tenant": "7" } });
    await pets.get().send();
    expect(first.seen.map(({ url, headers }) => [url, headers["x-app"]])).toEqual([
      ["/pets/1", "kit"],
    ]);
    expect(
      second.seen.map(({ url, headers }) => [url, headers["x-app"], headers["x-tenant"]]),
    ).toEqual([["/tenant-7/pets/1", undefined, "7"]]);
    expect(shop.options).toMatchObject({
      baseURL: `${second.origin}/tenant-7`,
      name: first.origin,
    });
  });

  it("leaves a send in flight with the options it started with", async () => {
    const shop = service();
    const { plugin, release } = gate();
    shop.use(plugin);
    const pets = shop.createApi(PetApi);
    const before = pets.get().send();
    await new Promise((resolve) => setTimeout(resolve, 5));
    configure(shop, {
      baseURL: second.origin,
      headers: { "X-Tenant": "8" },
      dataKey: "result",
      timeout: 4_000,
    });
    const after = pets.get().send();
    release();
    const [earlier, later] = await Promise.all([before, after]);
    expect(earlier.data).toBe("ok");
    expect(pets.get().request).toBeUndefined();
    // The new rules read "result", which this body lacks: auto mode takes the whole body.
    expect(later.data).toEqual({ code: 0, data: "ok" });
    expect(first.seen.map(({ headers }) => [headers["x-app"], headers["x-tenant"]])).toEqual([
      ["kit", undefined],
    ]);
    expect(second.seen.map(({ headers }) => [headers["x-app"], headers["x-tenant"]])).toEqual([
      [undefined, "8"],
    ]);
  });

  it("changes the envelope rules: codes, keys and validateCode", async () => {
    const shop = service();
    const pets = shop.createApi(PetApi);
    first.handle((_request, response) =>
      json(response, 200, { status: 7, msg: "fine", result: 1 }),
    );
    configure(shop, {
      codeKey: "status",
      messageKey: "msg",
      dataKey: "result",
      validateCode: (code) => code === 7,
    });
    await expect(pets.get().send()).resolves.toMatchObject({ data: 1, code: 7, message: "fine" });
    configure(shop, { validateCode: (code) => code === 0 });
    await expect(pets.get().send()).rejects.toBeInstanceOf(KitBusinessError);
    configure(shop, { envelope: false });
    await expect(pets.get().send()).resolves.toMatchObject({ data: { status: 7 } });
  });

  it("checks values as @Server does and changes nothing when one is wrong", () => {
    const shop = service();
    const attempts: [unknown, string][] = [
      [{ baseURL: "" }, "@Server() 的 baseURL 必须是非空字符串"],
      [
        { timeout: -1, baseURL: second.origin },
        "@Server({ timeout }) must be a number of milliseconds from 0 to 2^31 - 1, got -1",
      ],
      [{ codeKey: 1 }, "@Server({ codeKey }) must be a non-empty string, got 1"],
      [
        { envelope: "loose" },
        '@Server({ envelope }) must be "auto", "strict" or false, got "loose"',
      ],
      [
        { headers: { "X-N": 1 } },
        "@Server({ headers }) must be an object of string values, got an object with other values",
      ],
      [
        { adapter: "fetch" },
        "configure() cannot change adapter; it takes baseURL, headers, timeout, withCredentials, codeKey, messageKey, dataKey, validateCode and envelope",
      ],
    ];
    for (const [options, message] of attempts) {
      let caught: unknown;
      try {
        configure(shop, options as never);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(KitOptionsError);
      expect((caught as Error).message).toBe(message);
    }
    expect(shop.options).toMatchObject({ baseURL: first.origin, timeout: 5_000 });
  });

  it("keeps the cache namespace and keys apart per tenant baseURL", async () => {
    const shop = service().use(cache());
    const pets = shop.createApi(PetApi);
    await pets.get().send();
    configure(shop, { baseURL: second.origin });
    const answer = await pets.get().send();
    expect(answer.fromCache).toBe(false);
    expect(second.seen).toHaveLength(1);
    configure(shop, { baseURL: first.origin });
    expect((await pets.get().send()).fromCache).toBe(true);
  });

  it("changes the timeout of later sends", async () => {
    const shop = service();
    const pets = shop.createApi(PetApi);
    first.handle((_request, response) => {
      setTimeout(() => json(response, 200, { code: 0, data: "late" }), 150);
    });
    configure(shop, { timeout: 40 });
    await expect(pets.get().send()).rejects.toMatchObject({ code: "KIT_TIMEOUT", timeout: 40 });
  });

  it("keeps server.http's defaults in step for direct axios calls", () => {
    const shop = service();
    configure(shop, { baseURL: second.origin, timeout: 9, headers: {} });
    expect(shop.http.defaults).toMatchObject({ baseURL: second.origin, timeout: 9 });
    expect(shop.http.defaults.headers["X-App"]).toBeUndefined();
  });

  it("leaves a static header it does not change in server.http's defaults", () => {
    const shop = service();
    configure(shop, { timeout: 9 });
    configure(shop, { headers: { "X-App": "kit", "X-Tenant": "7" } });
    expect(shop.http.defaults.headers["X-App"]).toBe("kit");
    expect(shop.http.defaults.headers["X-Tenant"]).toBeUndefined();
  });
});
