import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, ContentType, Data, Get, Post, Query } from "../../src/index.js";
import { serviceFor } from "../support/service.js";
import { type CountingServer, startCountingServer } from "./counting-server.js";

let http: CountingServer;
beforeAll(async () => {
  http = await startCountingServer();
});
afterAll(() => http.close());

@Api("/")
class KeysApi {
  @Get("search") byName(@Query("__proto__") _value: string): Promise<unknown> {
    return null!;
  }
  @Get("search") spread(@Query() _values: object): Promise<unknown> {
    return null!;
  }
  @Post("form")
  @ContentType("application/x-www-form-urlencoded")
  form(@Data("__proto__") _value: string): Promise<unknown> {
    return null!;
  }
}

async function urlSent(send: Promise<{ data: unknown }>): Promise<string> {
  return ((await send).data as { url: string }).url;
}

describe("a key named __proto__", () => {
  test('@Query("__proto__") is sent as a query key', async () => {
    const api = serviceFor(http.origin).createApi(KeysApi);
    expect(await urlSent(api.byName("x").send())).toBe("/search?__proto__=x");
  });

  test("an own __proto__ field of a @Query() object is sent", async () => {
    const api = serviceFor(http.origin).createApi(KeysApi);
    const values = JSON.parse('{"__proto__":"x","a":"1"}') as object;
    expect(await urlSent(api.spread(values).send())).toBe("/search?__proto__=x&a=1");
  });

  test('@Data("__proto__") is sent as a form field and pollutes nothing', async () => {
    const api = serviceFor(http.origin).createApi(KeysApi);
    const result = await api.form("x").send();
    expect((result.data as { body: string }).body).toBe("__proto__=x");
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
