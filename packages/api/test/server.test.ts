import axios, { type AxiosAdapter } from "axios";
import { describe, expect, test } from "vitest";
import { Api, defaultValidateCode, Get, KitServer, Server } from "../src/index.js";

@Api("/pets")
class PetApi {
  @Get() list(): Promise<unknown> {
    return null!;
  }
}

/** An adapter that answers without a network and records what axios was asked. */
function recordingAdapter(
  body: unknown,
  seen: { url?: string; withCredentials?: boolean }[],
): AxiosAdapter {
  return async (config) => {
    seen.push({ url: config.url, withCredentials: config.withCredentials });
    return { data: JSON.stringify(body), status: 200, statusText: "OK", headers: {}, config };
  };
}

describe("@Server options", () => {
  test("fill the documented defaults and are frozen", () => {
    @Server()
    class Service extends KitServer {}
    const { options } = new Service();
    expect(options).toMatchObject({
      baseURL: "/",
      timeout: 10_000,
      name: "/",
      codeKey: "code",
      messageKey: "message",
      dataKey: "data",
      envelope: "auto",
      headers: {},
      withCredentials: false,
      adapter: undefined,
    });
    expect(options.validateCode).toBe(defaultValidateCode);
    expect(Object.isFrozen(options)).toBe(true);
  });

  test("the default validateCode accepts 0, 200, '0' and '200' only", () => {
    const envelope = {};
    expect([0, 200, "0", "200"].map((code) => defaultValidateCode(code, envelope))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      [1, "ok", null, undefined, 201].some((code) => defaultValidateCode(code, envelope)),
    ).toBe(false);
  });

  test("the string form is the baseURL, which also names the server", () => {
    @Server("/api")
    class Service extends KitServer {}
    expect(new Service().options).toMatchObject({ baseURL: "/api", name: "/api" });
  });

  test("a subclass inherits the options and overrides what its own @Server sets", () => {
    @Server({ baseURL: "/api", name: "shop", timeout: 5 })
    class Base extends KitServer {}
    class Inheriting extends Base {}
    @Server({ timeout: 7 })
    class Overriding extends Base {}
    expect(new Inheriting().options).toMatchObject({ baseURL: "/api", name: "shop", timeout: 5 });
    expect(new Overriding().options).toMatchObject({ baseURL: "/api", name: "shop", timeout: 7 });
    expect(new Base().options.timeout).toBe(5);
  });
});

describe("server.http", () => {
  test("is the server's own axios instance, configured from the options", () => {
    @Server({
      baseURL: "http://example.test/api",
      timeout: 1234,
      withCredentials: true,
      headers: { "X-App": "kit" },
    })
    class Service extends KitServer {}
    const first = new Service();
    const second = new Service();
    expect(first.http).not.toBe(axios);
    expect(first.http).not.toBe(second.http);
    expect(first.http.defaults).toMatchObject({
      baseURL: "http://example.test/api",
      timeout: 1234,
      withCredentials: true,
    });
    expect(first.http.defaults.headers["X-App"]).toBe("kit");
  });

  test("uses the adapter option, and sends the full URL so the baseURL is not applied twice", async () => {
    const seen: { url?: string; withCredentials?: boolean }[] = [];
    @Server({
      baseURL: "/api",
      adapter: recordingAdapter({ code: 0, data: ["rex"] }, seen),
      withCredentials: true,
    })
    class Service extends KitServer {}
    const result = await new Service().createApi(PetApi).list().send();
    expect(result.data).toEqual(["rex"]);
    expect(seen).toEqual([{ url: "/api/pets", withCredentials: true }]);
  });
});
