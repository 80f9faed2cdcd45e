import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Get, KitRequestError, Params } from "../../src/index.js";
import { failure } from "../support/failure.js";
import { serviceFor } from "../support/service.js";
import { type CountingServer, startCountingServer } from "./counting-server.js";

let http: CountingServer;
beforeAll(async () => {
  http = await startCountingServer();
});
afterAll(() => http.close());

@Api("/users")
class UserApi {
  @Get("/:id/profile") profile(@Params("id") _id: string): Promise<unknown> {
    return null!;
  }
  @Get("/:name.:ext") file(
    @Params("name") _name: string,
    @Params("ext") _ext: string,
  ): Promise<unknown> {
    return null!;
  }
}

const HOSTILE_VALUES = [
  "../admin",
  "../../not-found",
  "x?admin=true",
  "x#fragment",
  "a/b",
  "%2e%2e",
  ".%2e",
  "a b&c=d",
  "\\..\\admin",
  "...",
  "用户",
];

async function urlSent(send: Promise<{ data: unknown }>): Promise<string> {
  return ((await send).data as { url: string }).url;
}

describe("a path value cannot change the route", () => {
  test.each(HOSTILE_VALUES)("%j stays one encoded segment", async (value) => {
    const api = serviceFor(http.origin).createApi(UserApi);
    const url = await urlSent(api.profile(value).send());
    expect(url).toBe(`/users/${encodeURIComponent(value)}/profile`);
    expect(decodeURIComponent(url.split("/")[2]!)).toBe(value);
  });

  test("values around a literal dot stay in their own placeholders", async () => {
    const api = serviceFor(http.origin).createApi(UserApi);
    const url = await urlSent(api.file("../etc/passwd", "?x#y").send());
    expect(url).toBe("/users/..%2Fetc%2Fpasswd.%3Fx%23y");
  });

  // URL parsers remove "." and ".." segments however they are encoded, so no encoding can carry them.
  test.each([".", ".."])("%j is refused before anything is sent", async (value) => {
    const before = http.requests;
    const api = serviceFor(http.origin).createApi(UserApi);
    const error = await failure(api.profile(value).send());
    expect(error).toBeInstanceOf(KitRequestError);
    expect(error).toMatchObject({
      kind: "argument",
      code: "KIT_PATH_VALUE_INVALID",
      api: "UserApi.profile",
    });
    expect((error as Error).message).toContain('"id"');
    expect(http.requests).toBe(before);
  });
});
