import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, ContentType, Data, Get, KitRequestError, Post, Query } from "../../src/index.js";
import { failure } from "../support/failure.js";
import { serviceFor } from "../support/service.js";
import { type CountingServer, startCountingServer } from "./counting-server.js";

let http: CountingServer;
beforeAll(async () => {
  http = await startCountingServer();
});
afterAll(() => http.close());

class Filter {
  constructor(readonly status = "sold") {}
}

@Api("/")
class ItemApi {
  @Get("items") find(@Query() _filter: unknown): Promise<unknown> {
    return null!;
  }

  @Post("items") tag(@Data() _item: unknown, @Data("tag") _tag: string): Promise<unknown> {
    return null!;
  }

  @Post("items/form")
  @ContentType("application/x-www-form-urlencoded")
  tagForm(@Data() _item: unknown, @Data("tag") _tag: string): Promise<unknown> {
    return null!;
  }

  @Post("items/raw") raw(@Data() _item: unknown): Promise<unknown> {
    return null!;
  }
}

interface Echo {
  url: string;
  body: string;
}

const api = () => serviceFor(http.origin).createApi(ItemApi);

describe("a key-less @Query() given something other than an object", () => {
  test.each([
    ["foo", "a string"],
    [[7, 8], "an array"],
    [42, "a number"],
    [true, "a boolean"],
  ])("%j is refused naming the method and the argument; nothing is sent", async (value, kind) => {
    const before = http.requests;
    const error = await failure(api().find(value).send());
    expect(error).toBeInstanceOf(KitRequestError);
    expect(error).toMatchObject({
      kind: "argument",
      code: "KIT_QUERY_NOT_OBJECT",
      api: "ItemApi.find",
    });
    expect((error as Error).message).toBe(
      `ItemApi.find was called with ${kind} for @Query() (argument 1), which takes an object of query keys`,
    );
    expect(http.requests).toBe(before);
  });

  test("an object, a class instance, null and undefined are sent as before", async () => {
    const urls: string[] = [];
    for (const value of [{ a: 1, b: "x" }, new Filter(), null, undefined]) {
      urls.push(((await api().find(value).send()).data as Echo).url);
    }
    expect(urls).toEqual(["/items?a=1&b=x", "/items?status=sold", "/items", "/items"]);
  });
});

describe('a key-less @Data() beside @Data("field") given something other than an object', () => {
  test.each([
    ["str", "a string"],
    [[1, 2], "an array"],
    [5, "a number"],
    [new Blob(["x"]), "a Blob"],
  ])("%j is refused, JSON and form alike; nothing is sent", async (value, kind) => {
    const before = http.requests;
    const sends = {
      tag: () => api().tag(value, "t").send(),
      tagForm: () => api().tagForm(value, "t").send(),
    };
    for (const [name, send] of Object.entries(sends)) {
      const error = await failure(send());
      expect(error).toMatchObject({
        kind: "argument",
        code: "KIT_BODY_NOT_OBJECT",
        api: `ItemApi.${name}`,
      });
      expect((error as Error).message).toBe(
        `ItemApi.${name} was called with ${kind} for @Data() (argument 1), which must be an object to hold @Data("tag")`,
      );
    }
    expect(http.requests).toBe(before);
  });

  test("an object body takes the field; a lone @Data() string is still a JSON body", async () => {
    const merged = (await api().tag({ name: "n" }, "t").send()).data as Echo;
    expect(JSON.parse(merged.body)).toEqual({ name: "n", tag: "t" });
    const fieldOnly = (await api().tag(undefined, "t").send()).data as Echo;
    expect(JSON.parse(fieldOnly.body)).toEqual({ tag: "t" });
    const raw = (await api().raw("str").send()).data as Echo;
    expect(raw.body).toBe('"str"');
  });
});
