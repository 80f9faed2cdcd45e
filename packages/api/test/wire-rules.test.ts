import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  ContentType,
  Data,
  Get,
  KitDecoratorError,
  KitResponseError,
  Patch,
  Post,
} from "../src/index.js";
import { echoOf } from "./support/echo.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

@Api()
class RealApi {
  @Get("/stripe-list") customers(): Promise<unknown> {
    return null!;
  }
  @Get("/config-map") configMap(): Promise<unknown> {
    return null!;
  }
  @Get("/envelope/message-only") wrapped(): Promise<unknown> {
    return null!;
  }
  @Get("/text") greeting(): Promise<unknown> {
    return null!;
  }
  @Get("/echo/list")
  @ContentType("application/x-www-form-urlencoded")
  list(): Promise<unknown> {
    return null!;
  }
  @Post("/echo/empty")
  @ContentType("application/x-www-form-urlencoded")
  create(@Data("name") _name?: string): Promise<unknown> {
    return null!;
  }
  @Post("/echo/nothing") nothing(): Promise<unknown> {
    return null!;
  }
  @Patch("/echo/patch")
  @ContentType("application/merge-patch+json")
  patch(@Data() _body: object): Promise<unknown> {
    return null!;
  }
  @Post("/echo/form")
  @ContentType("application/x-www-form-urlencoded")
  form(
    @Data("metadata", { style: "deepObject", explode: true }) _metadata?: object,
    @Data("items", { style: "deepObject" }) _items?: object[],
    @Data("address") _address?: object,
    @Data("ids", { explode: false }) _ids?: string[],
    @Data("tags") _tags?: string[],
    @Data("shape", { contentType: "application/json" }) _shape?: object,
    @Data("color", { style: "pipeDelimited" }) _color?: object,
  ): Promise<unknown> {
    return null!;
  }
  @Post("/echo/multipart")
  @ContentType("multipart/form-data")
  upload(
    @Data("meta", { contentType: "application/json" }) _meta: object,
    @Data("labels") _labels: string[],
    @Data("plain") _plain: object,
  ): Promise<unknown> {
    return null!;
  }
}

describe('envelope "auto" unwraps only what has code or message beside data', () => {
  test("a Stripe list object { object, data, has_more, url } is the data as a whole", async () => {
    const result = await serviceFor(http.origin).createApi(RealApi).customers().send();
    expect(result.data).toEqual({
      object: "list",
      data: [{ id: "cus_1" }],
      has_more: true,
      url: "/v1/customers",
    });
    expect(result.envelope).toBeUndefined();
  });

  test("a Kubernetes ConfigMap { kind, metadata, data } is the data as a whole", async () => {
    const result = await serviceFor(http.origin).createApi(RealApi).configMap().send();
    expect(result.data).toMatchObject({ kind: "ConfigMap", data: { mode: "fast" } });
  });

  test("{ message, data } is still an envelope", async () => {
    const result = await serviceFor(http.origin).createApi(RealApi).wrapped().send();
    expect(result).toMatchObject({ data: [4], message: "ok" });
  });

  test('"strict" still takes any object with the data key', async () => {
    const service = serviceFor(http.origin, { envelope: "strict" });
    expect((await service.createApi(RealApi).configMap().send()).data).toEqual({ mode: "fast" });
  });
});

describe("response decoding", () => {
  test("text where JSON was expected is a KitResponseError naming the media type", async () => {
    const error = await serviceFor(http.origin)
      .createApi(RealApi)
      .greeting()
      .send()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KitResponseError);
    expect(error).toMatchObject({
      code: "KIT_INVALID_JSON",
      message: expect.stringContaining(
        "answered text/plain; charset=utf-8 where JSON was expected",
      ),
      body: "hello 你好",
    });
  });
});

describe("request Content-Type", () => {
  test("a request without a body sends no Content-Type, whatever @ContentType says", async () => {
    const echo = echoOf(await serviceFor(http.origin).createApi(RealApi).list().send());
    expect(echo.headers["content-type"]).toBeUndefined();
    expect(echo.body).toBe("");
  });

  test("a POST without a body sends no Content-Type either (axios would add a urlencoded one)", async () => {
    const api = serviceFor(http.origin).createApi(RealApi);
    for (const send of [api.create(), api.nothing()]) {
      const echo = echoOf(await send.send());
      expect([echo.method, echo.headers["content-type"], echo.body]).toEqual([
        "POST",
        undefined,
        "",
      ]);
    }
  });

  test("a +json media type is sent as written, with the body as JSON", async () => {
    const api = serviceFor(http.origin).createApi(RealApi);
    const echo = echoOf(await api.patch({ metadata: { labels: { a: "b" } } }).send());
    expect(echo.headers["content-type"]).toBe("application/merge-patch+json");
    expect(JSON.parse(echo.body)).toEqual({ metadata: { labels: { a: "b" } } });
  });
});

describe("form fields follow their encoding", () => {
  test("deepObject, OpenAPI's form defaults, explode: false (an object's keys and values joined by the style's separator) and a JSON contentType", async () => {
    const api = serviceFor(http.origin).createApi(RealApi);
    const echo = echoOf(
      await api
        .form(
          { plan: "gold", limits: { seats: 3 } },
          [{ price: "p_1", quantity: 2 }],
          { city: "Paris", zip: "75001" },
          ["a", "b,c"],
          ["x", "y"],
          { round: true },
          { R: 1, G: null, B: "b|c" },
        )
        .send(),
    );
    expect(echo.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect([...new URLSearchParams(echo.body)]).toEqual([
      ["metadata[plan]", "gold"],
      ["metadata[limits][seats]", "3"],
      ["items[0][price]", "p_1"],
      ["items[0][quantity]", "2"],
      ["city", "Paris"],
      ["zip", "75001"],
      ["ids", "a,b,c"],
      ["tags", "x"],
      ["tags", "y"],
      ["shape", '{"round":true}'],
      ["color", "R|1|B|b|c"],
    ]);
  });

  test("multipart: a contentType makes a typed part, arrays repeat, objects are JSON", async () => {
    const api = serviceFor(http.origin).createApi(RealApi);
    const echo = echoOf(await api.upload({ v: 1 }, ["a", "b"], { w: 2 }).send());
    const body = echo.body;
    expect(body).toMatch(/name="meta"[^\r]*\r\nContent-Type: application\/json\r\n\r\n\{"v":1\}/);
    expect(body.match(/name="labels"/g)).toHaveLength(2);
    expect(body).toMatch(/name="plain"\r\n\r\n\{"w":2\}/);
  });

  test("an encoding that is not OpenAPI's is refused when the class is declared", () => {
    expect(() => {
      @Api()
      class Wrong {
        @Post("/x")
        send(@Data("f", { style: "matrix" as "form" }) _f: string): Promise<unknown> {
          return null!;
        }
      }
      return Wrong;
    }).toThrow(KitDecoratorError);
  });
});
