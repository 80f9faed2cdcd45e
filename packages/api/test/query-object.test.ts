import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Get, KitDecoratorError, Params, Query } from "../src/index.js";
import { echoOf } from "./support/echo.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

interface SearchQuery {
  workspace: string;
  ids?: readonly number[];
  tags?: readonly string[];
  piped?: readonly number[];
  filter?: Record<string, unknown>;
  color?: Record<string, unknown>;
  since?: Date;
  page?: number;
}

/** The same operation bound key by key and as one query object. */
@Api("/search")
class SearchApi {
  @Get(":team")
  positional(
    @Params("team") _team: string,
    @Query("workspace") _workspace: string,
    @Query("ids") _ids?: readonly number[],
    @Query("tags", { explode: false }) _tags?: readonly string[],
    @Query("piped", { style: "pipeDelimited" }) _piped?: readonly number[],
    @Query("filter", { style: "deepObject" }) _filter?: Record<string, unknown>,
    @Query("color", { explode: false }) _color?: Record<string, unknown>,
    @Query("since") _since?: Date,
    @Query("page") _page?: number,
  ): Promise<unknown> {
    return null!;
  }

  @Get(":team")
  named(
    @Params("team") _team: string,
    @Query({
      keys: ["workspace", "ids", "tags", "piped", "filter", "color", "since", "page"],
      styles: {
        tags: { explode: false },
        piped: { style: "pipeDelimited" },
        filter: { style: "deepObject" },
        color: { explode: false },
      },
    })
    _query: SearchQuery,
  ): Promise<unknown> {
    return null!;
  }
}

describe("a query object with listed keys", () => {
  test("sends the bytes the key-by-key form sends for the same arguments", async () => {
    const api = serviceFor(http.origin).createApi(SearchApi);
    const since = new Date("2024-05-06T07:08:09.000Z");
    const color = { R: 100, G: 200 };
    const filter = { state: "open", owner: { id: 7 } };
    const positional = echoOf(
      await api
        .positional("a b", "w&1", [1, 2], ["x,y", "z"], [3, 4], filter, color, since, 0)
        .send(),
    );
    // Written in another order than the keys are sent: the listed order wins.
    const named = echoOf(
      await api
        .named("a b", {
          page: 0,
          since,
          color,
          filter,
          piped: [3, 4],
          tags: ["x,y", "z"],
          ids: [1, 2],
          workspace: "w&1",
        })
        .send(),
    );
    expect(named.url).toBe(positional.url);
    expect(named.url).toBe(
      "/search/a%20b?workspace=w%261&ids=1&ids=2&tags=x%2Cy,z&piped=3%7C4&filter%5Bstate%5D=open&filter%5Bowner%5D%5Bid%5D=7&color=R,100,G,200&since=2024-05-06T07%3A08%3A09.000Z&page=0",
    );
  });

  test("leaves out missing, undefined and null keys as the key-by-key form does", async () => {
    const api = serviceFor(http.origin).createApi(SearchApi);
    const positional = echoOf(
      await api
        .positional("t", "w", undefined, [], undefined, undefined, undefined, undefined, 2)
        .send(),
    );
    const named = echoOf(
      await api.named("t", { workspace: "w", tags: [], piped: undefined, page: 2 }).send(),
    );
    expect(named.url).toBe(positional.url);
    expect(named.url).toBe("/search/t?workspace=w&page=2");
  });

  test("sends keys it does not list after the listed ones, as the unnamed @Query() does", async () => {
    const api = serviceFor(http.origin).createApi(SearchApi);
    const extra = { extra: [1, 2], workspace: "w" } as SearchQuery;
    expect(echoOf(await api.named("t", extra).send()).url).toBe(
      "/search/t?workspace=w&extra=1&extra=2",
    );
  });

  test("sends a key given a JSON content type as JSON text, as a named @Query does", async () => {
    @Api("/search")
    class JsonApi {
      @Get()
      positional(
        @Query("ids", { contentType: "application/json" }) _ids: readonly number[],
      ): Promise<unknown> {
        return null!;
      }

      @Get()
      named(
        @Query({ keys: ["ids"], styles: { ids: { contentType: "application/json" } } })
        _query: { ids: readonly number[] },
      ): Promise<unknown> {
        return null!;
      }
    }
    const api = serviceFor(http.origin).createApi(JsonApi);
    const positional = echoOf(await api.positional([1, 2]).send());
    expect(echoOf(await api.named({ ids: [1, 2] }).send()).url).toBe(positional.url);
    expect(positional.url).toBe("/search?ids=%5B1%2C2%5D");
  });

  test("refuses a style for a key it does not list, when the class is declared", () => {
    expect(() => {
      class BadApi {
        @Get()
        find(
          @Query({ keys: ["a"], styles: { b: { explode: false } } }) _q: unknown,
        ): Promise<unknown> {
          return null!;
        }
      }
      return BadApi;
    }).toThrow(KitDecoratorError);
  });
});
