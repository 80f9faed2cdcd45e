import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, ContentType, Data, Get, Post, Put, ResponseType } from "../src/index.js";
import { echoOf } from "./support/echo.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

@Api("/body")
class BodyApi {
  @Post("/json")
  json(@Data() _body: unknown): Promise<unknown> {
    return null!;
  }
  @Post("/fields")
  fields(
    @Data() _base: object,
    @Data("name") _name?: string,
    @Data("age") _age?: number,
  ): Promise<unknown> {
    return null!;
  }
  @Post("/form")
  @ContentType("application/x-www-form-urlencoded")
  form(@Data("name") _name?: string, @Data("tags") _tags?: string[]): Promise<unknown> {
    return null!;
  }
  @Post("/multipart")
  @ContentType("multipart/form-data")
  multipart(@Data() _form: FormData): Promise<unknown> {
    return null!;
  }
  @Post("/multipart-fields")
  @ContentType("multipart/form-data")
  multipartFields(@Data("title") _title: string, @Data("file") _file: Blob): Promise<unknown> {
    return null!;
  }
  @Put("/text")
  @ContentType("text/plain")
  text(@Data() _text: string): Promise<unknown> {
    return null!;
  }
  @Put("/binary")
  @ContentType("application/octet-stream")
  binary(@Data() _bytes: Uint8Array): Promise<unknown> {
    return null!;
  }
}

describe("request bodies", () => {
  test("an unnamed @Data is the whole JSON body", async () => {
    const api = serviceFor(http.origin).createApi(BodyApi);
    const echo = echoOf(await api.json({ id: 1, tags: ["a"] }).send());
    expect(echo.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(echo.body)).toEqual({ id: 1, tags: ["a"] });
  });

  test("named @Data values become fields laid over the whole body, undefined ones left out", async () => {
    const api = serviceFor(http.origin).createApi(BodyApi);
    const echo = echoOf(await api.fields({ id: 1, name: "old" }, "new").send());
    expect(JSON.parse(echo.body)).toEqual({ id: 1, name: "new" });
  });

  test("urlencoded fields are sent as a form with repeated keys", async () => {
    const api = serviceFor(http.origin).createApi(BodyApi);
    const echo = echoOf(await api.form("Rex & co", ["x", "y"]).send());
    expect(echo.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(echo.body).toBe("name=Rex+%26+co&tags=x&tags=y");
  });

  test("a FormData is sent as multipart with the boundary the client chose", async () => {
    const api = serviceFor(http.origin).createApi(BodyApi);
    const form = new FormData();
    form.append("note", "hi");
    form.append("file", new Blob(["PNGDATA"], { type: "image/png" }), "pet.png");
    const echo = echoOf(await api.multipart(form).send());
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(
      echo.headers["content-type"]!,
    )?.[1];
    expect(boundary).toBeTruthy();
    expect(echo.body).toContain(`--${boundary}`);
    expect(echo.body).toContain('name="file"; filename="pet.png"');
    expect(echo.body).toContain("PNGDATA");
  });

  test("named multipart fields are collected into a FormData", async () => {
    const api = serviceFor(http.origin).createApi(BodyApi);
    const echo = echoOf(await api.multipartFields("cover", new Blob(["BYTES"])).send());
    expect(echo.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toMatch(/name="title"\r\n\r\ncover\r\n/);
    expect(echo.body).toContain("BYTES");
  });

  test("a text body is sent as the string with its media type", async () => {
    const api = serviceFor(http.origin).createApi(BodyApi);
    const echo = echoOf(await api.text("plain words").send());
    expect(echo.headers["content-type"]).toBe("text/plain");
    expect(echo.body).toBe("plain words");
  });

  test.each(["http", "fetch"] as const)(
    "a body of any size goes out whole on the %s adapter: there is no request body limit",
    async (adapter) => {
      @Api()
      class SizeApi {
        @Put("/body-length")
        @ContentType("text/plain")
        put(@Data() _text: string): Promise<{ length: number }> {
          return null!;
        }
      }
      const api = serviceFor(http.origin, { adapter }).createApi(SizeApi);
      // More than the 10 MiB follow-redirects (the http adapter) allows unless axios lifts it.
      const text = "x".repeat(11 * 1024 * 1024);
      const { data } = await api.put(text).send();
      expect(data).toEqual({ length: text.length });
    },
  );

  test("a binary body is sent byte for byte", async () => {
    const api = serviceFor(http.origin).createApi(BodyApi);
    const echo = echoOf(await api.binary(new Uint8Array([0, 1, 254, 255])).send());
    expect(echo.headers["content-type"]).toBe("application/octet-stream");
    expect([...Buffer.from(echo.body, "latin1")]).toEqual([0, 1, 254, 255]);
  });
});

describe("response types", () => {
  @Api()
  class ResponseApi {
    @Get("/text") @ResponseType("text") text(): Promise<string> {
      return null!;
    }
    @Get("/binary") @ResponseType("arraybuffer") bytes(): Promise<ArrayBuffer> {
      return null!;
    }
    @Get("/binary") @ResponseType("blob") blob(): Promise<Blob> {
      return null!;
    }
    @Get("/empty") empty(): Promise<void> {
      return null!;
    }
    @Get("/envelope/ok") @ResponseType("text") envelopeAsText(): Promise<string> {
      return null!;
    }
  }

  test("text is the decoded string", async () => {
    const api = serviceFor(http.origin).createApi(ResponseApi);
    expect((await api.text().send()).data).toBe("hello 你好");
  });

  test("arraybuffer is an ArrayBuffer of the bytes", async () => {
    const api = serviceFor(http.origin).createApi(ResponseApi);
    const { data } = await api.bytes().send();
    expect(data).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(data)]).toEqual([1, 2, 3, 255]);
  });

  test("blob is a Blob with the response's media type", async () => {
    const api = serviceFor(http.origin).createApi(ResponseApi);
    const { data } = await api.blob().send();
    expect(data).toBeInstanceOf(Blob);
    expect(data.type).toBe("application/octet-stream");
    expect([...new Uint8Array(await data.arrayBuffer())]).toEqual([1, 2, 3, 255]);
  });

  test("an empty JSON response gives undefined data", async () => {
    const api = serviceFor(http.origin).createApi(ResponseApi);
    const result = await api.empty().send();
    expect(result.status).toBe(204);
    expect(result.data).toBeUndefined();
  });

  test("a non-JSON response type is never unwrapped", async () => {
    const api = serviceFor(http.origin).createApi(ResponseApi);
    const result = await api.envelopeAsText().send();
    expect(JSON.parse(result.data)).toEqual({ code: 0, message: "ok", data: { id: 1 } });
    expect(result.envelope).toBeUndefined();
    expect(result.code).toBeUndefined();
  });
});
