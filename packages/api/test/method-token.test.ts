import { METHODS } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Data, Get, KitDecoratorError, Method, Query } from "../src/index.js";
import { echoOf } from "./support/echo.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

@Api("/search")
class SearchApi {
  @Method("QUERY", "/pets")
  find(@Query("limit") _limit: number, @Data() _filter: { kind: string }): Promise<unknown> {
    return null!;
  }
  @Method("link", "/pets/:id")
  link(): Promise<unknown> {
    return null!;
  }
}

// Node's server parser (llhttp) answers 400 to a method it does not list; QUERY is listed from
// Node 20.x on (checked on 20.20 and 24.21), so this only skips on an older platform.
const serverKnowsQuery = METHODS.includes("QUERY");

describe("@Method sends any HTTP method token (OpenAPI 3.2 query, additionalOperations)", () => {
  test.skipIf(!serverKnowsQuery).each(["http", "fetch"] as const)(
    "a QUERY with a JSON body and a query string reaches a node:http server (%s adapter)",
    async (adapter) => {
      const api = serviceFor(http.origin, { adapter }).createApi(SearchApi);
      const echo = echoOf(await api.find(5, { kind: "cat" }).send());
      expect(echo.method).toBe("QUERY");
      expect(echo.url).toBe("/search/pets?limit=5");
      expect(echo.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(echo.body)).toEqual({ kind: "cat" });
    },
  );

  test("a lower-case token goes out in upper case, as axios sends every method", async () => {
    const api = serviceFor(http.origin).createApi(SearchApi);
    const { method, path } = api.link().route;
    expect({ method, path }).toEqual({ method: "LINK", path: "/search/pets/:id" });
    // The server's parser lists LINK too, so the request arrives as sent.
    expect(echoOf(await api.link().send()).method).toBe("LINK");
  });

  test("a method that is not an HTTP token is refused where it is declared", () => {
    expect(() => {
      @Api()
      class BadApi {
        @Method("GET /x", "/y") bad(): Promise<unknown> {
          return null!;
        }
      }
      return BadApi;
    }).toThrow(
      new KitDecoratorError(
        "KIT_DECORATOR_ARGUMENT",
        '@Method on BadApi.bad needs an HTTP method token such as "QUERY"',
      ),
    );
  });

  test("@Method beside @Get is two verbs", () => {
    expect(() => {
      @Api()
      class TwiceApi {
        @Get("/a")
        @Method("QUERY", "/a")
        both(): Promise<unknown> {
          return null!;
        }
      }
      return TwiceApi;
    }).toThrow("TwiceApi.both has two verb decorators: @Get and @Method");
  });
});
