import { isAxiosError } from "axios";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  Get,
  isKitError,
  isKitRequestError,
  KitAbortError,
  KitHttpError,
  KitNetworkError,
  KitRequestError,
  KitResponseError,
  KitTimeoutError,
  Params,
  Query,
} from "../src/index.js";
import { failure } from "./support/failure.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

@Api()
class FailingApi {
  @Get("/not-found") notFound(): Promise<unknown> {
    return null!;
  }
  @Get("/crash") crash(): Promise<unknown> {
    return null!;
  }
  @Get("/slow") slow(@Query("ms") _ms: number): Promise<unknown> {
    return null!;
  }
  @Get("/reset") reset(): Promise<unknown> {
    return null!;
  }
  @Get("/invalid-json") invalidJson(): Promise<unknown> {
    return null!;
  }
  @Get("/pets/:id") pet(@Params("id") _id?: number): Promise<unknown> {
    return null!;
  }
}

describe("request errors", () => {
  test("a 404 with a JSON body is a KitHttpError carrying the parsed body and headers", async () => {
    const error = await failure(serviceFor(http.origin).createApi(FailingApi).notFound().send());
    expect(error).toBeInstanceOf(KitHttpError);
    expect(error).toMatchObject({
      name: "KitHttpError",
      kind: "http",
      code: "KIT_HTTP",
      status: 404,
      method: "GET",
      url: `${http.origin}/not-found`,
      api: "FailingApi.notFound",
      body: { error: "no such pet" },
      headers: { "content-type": "application/json" },
    });
    expect(isAxiosError((error as Error).cause)).toBe(true);
  });

  test("a 500 with an HTML body is a KitHttpError carrying the text", async () => {
    const error = await failure(serviceFor(http.origin).createApi(FailingApi).crash().send());
    expect(error).toBeInstanceOf(KitHttpError);
    expect(error).toMatchObject({ status: 500, body: "<html><body>boom</body></html>" });
  });

  test("no response within the timeout is a KitTimeoutError", async () => {
    const api = serviceFor(http.origin, { timeout: 50 }).createApi(FailingApi);
    const error = await failure(api.slow(2000).send());
    expect(error).toBeInstanceOf(KitTimeoutError);
    expect(error).toMatchObject({ kind: "timeout", code: "KIT_TIMEOUT", timeout: 50 });
  });

  test("timeout 0 waits as long as the server needs", async () => {
    const api = serviceFor(http.origin, { timeout: 0 }).createApi(FailingApi);
    expect((await api.slow(80).send()).data).toEqual({ waited: 80 });
  });

  test("a connection reset is a KitNetworkError", async () => {
    const error = await failure(serviceFor(http.origin).createApi(FailingApi).reset().send());
    expect(error).toBeInstanceOf(KitNetworkError);
    expect(error).toMatchObject({ kind: "network", code: "KIT_NETWORK", status: undefined });
  });

  test("a refused connection is a KitNetworkError", async () => {
    const closed = await startTestServer();
    await closed.close();
    const error = await failure(serviceFor(closed.origin).createApi(FailingApi).reset().send());
    expect(error).toBeInstanceOf(KitNetworkError);
  });

  test("invalid JSON in a 2xx response is a KitResponseError carrying the text", async () => {
    const error = await failure(serviceFor(http.origin).createApi(FailingApi).invalidJson().send());
    expect(error).toBeInstanceOf(KitResponseError);
    expect(error).toMatchObject({
      kind: "parse",
      code: "KIT_INVALID_JSON",
      status: 200,
      body: "{oops",
    });
  });

  test("abort() mid-request rejects with KitAbortError carrying the reason", async () => {
    const request = serviceFor(http.origin).createApi(FailingApi).slow(5000);
    const sent = failure(request.send());
    await new Promise((resolve) => setTimeout(resolve, 50));
    request.abort("user left");
    const error = await sent;
    expect(error).toBeInstanceOf(KitAbortError);
    expect(error).toMatchObject({ kind: "abort", code: "KIT_ABORTED", reason: "user left" });
  });

  test("a missing path value rejects before anything is sent", async () => {
    const error = await failure(serviceFor(http.origin).createApi(FailingApi).pet().send());
    expect(error).toBeInstanceOf(KitRequestError);
    expect(error).toMatchObject({
      kind: "argument",
      code: "KIT_PATH_VALUE_MISSING",
      url: `${http.origin}/pets/:id`,
      api: "FailingApi.pet",
    });
  });

  test("every failure is a Kit error and never a raw AxiosError", async () => {
    const api = serviceFor(http.origin, { timeout: 50 }).createApi(FailingApi);
    const errors = await Promise.all(
      [api.notFound(), api.crash(), api.slow(2000), api.reset(), api.invalidJson(), api.pet()].map(
        (request) => failure(request.send()),
      ),
    );
    for (const error of errors) {
      expect(isKitError(error) && isKitRequestError(error)).toBe(true);
      expect(isAxiosError(error)).toBe(false);
    }
    expect(isKitRequestError(new Error("plain"))).toBe(false);
  });
});
