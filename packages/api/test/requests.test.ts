import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  Delete,
  Get,
  Head,
  HeaderValue,
  Options,
  Params,
  Patch,
  Post,
  Put,
  Query,
} from "../src/index.js";
import { echoOf } from "./support/echo.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

describe("verbs", () => {
  @Api("/verbs")
  class VerbApi {
    @Get() get(): Promise<unknown> {
      return null!;
    }
    @Post() post(): Promise<unknown> {
      return null!;
    }
    @Put() put(): Promise<unknown> {
      return null!;
    }
    @Patch() patch(): Promise<unknown> {
      return null!;
    }
    @Delete() delete(): Promise<unknown> {
      return null!;
    }
    @Head() head(): Promise<void> {
      return null!;
    }
    @Options() options(): Promise<unknown> {
      return null!;
    }
  }

  test.each([
    ["get", "GET"],
    ["post", "POST"],
    ["put", "PUT"],
    ["patch", "PATCH"],
    ["delete", "DELETE"],
    ["head", "HEAD"],
    ["options", "OPTIONS"],
  ] as const)("%s sends %s to the prefix when the verb has no path", async (name, method) => {
    const api = serviceFor(`${http.origin}/api`).createApi(VerbApi);
    const echo = echoOf(await api[name]().send());
    expect(echo.method).toBe(method);
    expect(echo.url).toBe("/api/verbs");
  });
});

describe("URL joining", () => {
  @Api("/pet/")
  class SlashApi {
    @Get() list(): Promise<unknown> {
      return null!;
    }
    @Get("/:id") one(@Params("id") _id: number): Promise<unknown> {
      return null!;
    }
  }

  @Api()
  class RootApi {
    @Get("pet") pet(): Promise<unknown> {
      return null!;
    }
  }

  test("puts exactly one slash at each seam and keeps a trailing slash", async () => {
    const api = serviceFor(`${http.origin}/api/`).createApi(SlashApi);
    expect(echoOf(await api.list().send()).url).toBe("/api/pet/");
    expect(echoOf(await api.one(3).send()).url).toBe("/api/pet/3");
  });

  test("adds the missing slash between baseURL and a relative path", async () => {
    const api = serviceFor(`${http.origin}/v2`).createApi(RootApi);
    expect(echoOf(await api.pet().send()).url).toBe("/v2/pet");
  });

  test("the same class under two servers uses each server's baseURL", async () => {
    const first = serviceFor(`${http.origin}/one`).createApi(RootApi);
    const second = serviceFor(`${http.origin}/two`).createApi(RootApi);
    expect(echoOf(await first.pet().send()).url).toBe("/one/pet");
    expect(echoOf(await second.pet().send()).url).toBe("/two/pet");
  });
});

describe("path values", () => {
  @Api("/files")
  class FileApi {
    @Get("/:name.:ext")
    file(@Params("name") _name: string, @Params("ext") _ext: string): Promise<unknown> {
      return null!;
    }
    @Post("/v1/:name:cancel")
    cancel(@Params("name") _name: string): Promise<unknown> {
      return null!;
    }
    @Get("/:id/copies/:id")
    twice(@Params("id") _id: string): Promise<unknown> {
      return null!;
    }
    @Get("/{date}_PI.xml")
    programme(@Params("date") _date: string): Promise<unknown> {
      return null!;
    }
    @Get("/{day}F{start}T{end}")
    window(
      @Params("day") _day: string,
      @Params("start") _start: string,
      @Params("end") _end: string,
    ): Promise<unknown> {
      return null!;
    }
    @Post("/v1/:domain:domainJoinMachine")
    join(@Params("domain") _domain: string): Promise<unknown> {
      return null!;
    }
    @Delete("/tags/:arn#tagKeys")
    untag(@Params("arn") _arn: string, @Query("tagKeys") _keys: string[]): Promise<unknown> {
      return null!;
    }
  }

  test("fill placeholders separated by a dot", async () => {
    const api = serviceFor(http.origin).createApi(FileApi);
    expect(echoOf(await api.file("report", "pdf").send()).url).toBe("/files/report.pdf");
  });

  test("leave a colon literal unless @Params declares the name", async () => {
    const api = serviceFor(http.origin).createApi(FileApi);
    expect(echoOf(await api.cancel("ops/1").send()).url).toBe("/files/v1/ops%2F1:cancel");
  });

  test("are URI-encoded and fill every occurrence", async () => {
    const api = serviceFor(http.origin).createApi(FileApi);
    expect(echoOf(await api.file("a b/ä?#", "x&y").send()).url).toBe(
      "/files/a%20b%2F%C3%A4%3F%23.x%26y",
    );
    expect(echoOf(await api.twice("7").send()).url).toBe("/files/7/copies/7");
  });

  test("fill a declared name written {name}, glued to more identifier characters", async () => {
    const api = serviceFor(http.origin).createApi(FileApi);
    expect(echoOf(await api.programme("2024-05-06").send()).url).toBe("/files/2024-05-06_PI.xml");
    expect(echoOf(await api.window("mon", "9", "17").send()).url).toBe("/files/monF9T17");
  });

  test("keep a literal that starts with a name the route also spells out whole", async () => {
    const api = serviceFor(http.origin).createApi(FileApi);
    expect(echoOf(await api.join("corp").send()).url).toBe("/files/v1/corp:domainJoinMachine");
  });

  test("send the query of a route with a #fragment, which stays off the wire", async () => {
    const api = serviceFor(http.origin).createApi(FileApi);
    expect(echoOf(await api.untag("a:b", ["x", "y"]).send()).url).toBe(
      "/files/tags/a%3Ab?tagKeys=x&tagKeys=y",
    );
  });
});

describe("query", () => {
  @Api("/search")
  class SearchApi {
    @Get()
    find(
      @Query("ids") _ids?: readonly number[],
      @Query("flag") _flag?: boolean,
      @Query("page") _page?: number | null,
      @Query("q") _q?: string,
    ): Promise<unknown> {
      return null!;
    }
    @Get()
    spread(
      @Query() _filter: Record<string, unknown>,
      @Query("extra") _extra?: string,
    ): Promise<unknown> {
      return null!;
    }
  }

  test("repeats keys for arrays and keeps 0, false and the empty string", async () => {
    const api = serviceFor(http.origin).createApi(SearchApi);
    const echo = echoOf(await api.find([1, 2], false, 0, "").send());
    expect(echo.url).toBe("/search?ids=1&ids=2&flag=false&page=0&q=");
  });

  test("omits undefined and null", async () => {
    const api = serviceFor(http.origin).createApi(SearchApi);
    expect(echoOf(await api.find(undefined, undefined, null).send()).url).toBe("/search");
  });

  test("spreads an unnamed object, sends dates as ISO strings and encodes values", async () => {
    const api = serviceFor(http.origin).createApi(SearchApi);
    const since = new Date("2024-05-06T07:08:09.000Z");
    const echo = echoOf(await api.spread({ since, tag: "a&b c", none: undefined }, "1").send());
    expect(echo.url).toBe("/search?since=2024-05-06T07%3A08%3A09.000Z&tag=a%26b%20c&extra=1");
  });
});

describe("query styles", () => {
  @Api("/styles")
  class StyleApi {
    @Get()
    find(
      @Query("csv", { explode: false }) _csv?: string | readonly string[],
      @Query("spaced", { style: "spaceDelimited" }) _spaced?: readonly (number | null)[],
      @Query("piped", { style: "pipeDelimited", explode: false }) _piped?: readonly number[],
      @Query("repeated", { style: "pipeDelimited", explode: true }) _repeated?: readonly number[],
    ): Promise<unknown> {
      return null!;
    }

    @Get("objects")
    objects(
      @Query("color", { explode: false }) _color?: Record<string, unknown>,
      @Query("spaced", { style: "spaceDelimited" }) _spaced?: Record<string, unknown>,
      @Query("piped", { style: "pipeDelimited" }) _piped?: Record<string, unknown>,
    ): Promise<unknown> {
      return null!;
    }
  }

  test("joins an unexploded array into one value; the comma stays literal, one inside an item is encoded", async () => {
    const api = serviceFor(http.origin).createApi(StyleApi);
    const echo = echoOf(await api.find(["a,b", "c d"], [1, 2], [3, 4], [5, 6]).send());
    expect(echo.url).toBe("/styles?csv=a%2Cb,c%20d&spaced=1%202&piped=3%7C4&repeated=5&repeated=6");
  });

  test("sends an unexploded object as its keys and values in turn, with the style's separator", async () => {
    const api = serviceFor(http.origin).createApi(StyleApi);
    const color = { R: 100, G: "2,0", B: null, A: undefined };
    const echo = echoOf(await api.objects(color, { a: 1, b: "x y" }, { c: true }).send());
    expect(echo.url).toBe(
      "/styles/objects?color=R,100,G,2%2C0&spaced=a%201%20b%20x%20y&piped=c%7Ctrue",
    );
    const empty = echoOf(await api.objects({}, { a: null }, { d: new Date(0) }).send());
    expect(empty.url).toBe("/styles/objects?piped=d%7C1970-01-01T00%3A00%3A00.000Z");
  });

  test("leaves out an empty list and null items, and sends a single value as it is", async () => {
    const api = serviceFor(http.origin).createApi(StyleApi);
    const echo = echoOf(await api.find("x", [null, 1], []).send());
    expect(echo.url).toBe("/styles?csv=x&spaced=1");
  });
});

describe("headers", () => {
  @Api("/headers")
  class HeaderApi {
    @Get()
    get(
      @HeaderValue("X-Trace") _trace?: string,
      @HeaderValue("X-Count") _count?: number,
    ): Promise<unknown> {
      return null!;
    }
  }

  test("sends @HeaderValue values, leaves undefined out, and adds the server's static headers", async () => {
    const service = serviceFor(http.origin, { headers: { "X-App": "kit" } });
    const api = service.createApi(HeaderApi);
    const first = echoOf(await api.get("t-1", 0).send());
    expect(first.headers).toMatchObject({ "x-trace": "t-1", "x-count": "0", "x-app": "kit" });
    const second = echoOf(await api.get().send());
    expect(second.headers["x-trace"]).toBeUndefined();
    expect(second.headers["x-count"]).toBeUndefined();
  });

  @Api("/header-objects")
  class HeaderObjectApi {
    @Get()
    get(
      @HeaderValue("X-Json") _json?: object,
      @HeaderValue("X-Simple", { explode: false }) _simple?: object,
      @HeaderValue("X-Exploded", { style: "simple", explode: true }) _exploded?: object,
      @HeaderValue("X-List") _list?: unknown[],
    ): Promise<unknown> {
      return null!;
    }
  }

  test("an object header is JSON text, or OpenAPI's simple style when declared; an array is comma-joined", async () => {
    const api = serviceFor(http.origin).createApi(HeaderObjectApi);
    const role = { role: "admin", size: 2, gone: undefined };
    const echo = echoOf(await api.get(role, role, role, [1, "b", null, { c: 3 }]).send());
    expect(echo.headers["x-json"]).toBe('{"role":"admin","size":2}');
    expect(echo.headers["x-simple"]).toBe("role,admin,size,2");
    expect(echo.headers["x-exploded"]).toBe("role=admin,size=2");
    expect(echo.headers["x-list"]).toBe('1,b,{"c":3}');
  });

  test("a @HeaderValue overrides a static header of the same name", async () => {
    const service = serviceFor(http.origin, { headers: { "X-Trace": "static" } });
    const echo = echoOf(await service.createApi(HeaderApi).get("per-call").send());
    expect(echo.headers["x-trace"]).toBe("per-call");
  });
});

describe("API class inheritance", () => {
  @Api("/base")
  class BaseApi {
    @Get("/list") list(): Promise<unknown> {
      return null!;
    }
  }

  @Api("/child")
  class ChildApi extends BaseApi {
    @Get("/extra") extra(): Promise<unknown> {
      return null!;
    }
  }

  test("a subclass gets its parent's methods under its own prefix and leaves the parent unchanged", async () => {
    const service = serviceFor(http.origin);
    const child = service.createApi(ChildApi);
    const base = service.createApi(BaseApi) as unknown as Record<string, unknown>;
    expect(echoOf(await child.list().send()).url).toBe("/child/list");
    expect(echoOf(await child.extra().send()).url).toBe("/child/extra");
    expect(base.extra).toBeUndefined();
    expect(echoOf(await service.createApi(BaseApi).list().send()).url).toBe("/base/list");
  });
});
