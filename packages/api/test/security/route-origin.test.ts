import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Get, KitDecoratorError, KitRequestError, Params } from "../../src/index.js";
import { failure } from "../support/failure.js";
import { serviceFor } from "../support/service.js";
import { type CountingServer, startCountingServer } from "./counting-server.js";

let http: CountingServer;
beforeAll(async () => {
  http = await startCountingServer();
});
afterAll(() => http.close());

@Api("/files")
class FileApi {
  @Get("/:name.:ext") file(
    @Params("name") _name: string,
    @Params("ext") _ext: string,
  ): Promise<unknown> {
    return null!;
  }
}

@Api("")
class CdnApi {
  @Get("//cdn.example.net/files") files(): Promise<unknown> {
    return null!;
  }
}

@Api("")
class GluedApi {
  @Get(":first/rest") rest(@Params("first") _first: string): Promise<unknown> {
    return null!;
  }
}

describe("a request never leaves its route", () => {
  test.each([
    [".", ""],
    ["", "."],
    ["", ""],
  ])(
    "dot segments are checked on the assembled path: (%j, %j) is refused, nothing sent",
    async (name, ext) => {
      const before = http.requests;
      const api = serviceFor(http.origin).createApi(FileApi);
      const error = await failure(api.file(name, ext).send());
      expect(error).toBeInstanceOf(KitRequestError);
      expect(error).toMatchObject({ kind: "argument", code: "KIT_PATH_VALUE_INVALID" });
      expect(http.requests).toBe(before);
    },
  );

  test("a value glued to dots that makes no dot segment is still sent", async () => {
    const api = serviceFor(http.origin).createApi(FileApi);
    const result = await api.file("..", "txt").send();
    expect(result.data).toMatchObject({ url: "/files/...txt" });
  });

  test("a route that would be protocol-relative under a relative baseURL is refused at declaration", () => {
    const create = () => serviceFor("/").createApi(CdnApi);
    expect(create).toThrow(KitDecoratorError);
    expect(create).toThrow(/CdnApi\.files has the route "\/\/cdn\.example\.net\/files"/);
  });

  test("under an absolute baseURL the same route stays a path of that origin", async () => {
    const api = serviceFor(http.origin).createApi(CdnApi);
    const result = await api.files().send();
    expect(result.data).toMatchObject({ url: "//cdn.example.net/files" });
  });

  test("a value that would make the URL protocol-relative is refused at send, nothing sent", async () => {
    const sent: string[] = [];
    const server = serviceFor("/", {
      adapter: async (config) => {
        sent.push(String(config.url));
        return { data: "{}", status: 200, statusText: "OK", headers: {}, config };
      },
    });
    const api = server.createApi(GluedApi);
    const error = await failure(api.rest("").send());
    expect(error).toMatchObject({ kind: "argument", code: "KIT_PATH_VALUE_INVALID" });
    await api.rest("a").send();
    expect(sent).toEqual(["/a/rest"]);
  });
});
