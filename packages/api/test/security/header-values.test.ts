import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Get, HeaderValue, KitRequestError } from "../../src/index.js";
import { failure } from "../support/failure.js";
import { serviceFor } from "../support/service.js";
import { type CountingServer, startCountingServer } from "./counting-server.js";

let http: CountingServer;
beforeAll(async () => {
  http = await startCountingServer();
});
afterAll(() => http.close());

@Api("/")
class TraceApi {
  @Get("trace") trace(@HeaderValue("X-Trace") _trace: string): Promise<unknown> {
    return null!;
  }
}

const SPLITTING_VALUES = [
  "a\r\nX-Admin: true",
  "a\nX-Admin: true",
  "a\rb",
  "a\r\n\r\nGET /admin HTTP/1.1",
];

describe("a header value with a line break", () => {
  test.each(SPLITTING_VALUES)("%j is refused before anything is sent", async (value) => {
    const before = http.requests;
    const api = serviceFor(http.origin).createApi(TraceApi);
    const error = await failure(api.trace(value).send());
    expect(error).toBeInstanceOf(KitRequestError);
    expect(error).toMatchObject({
      kind: "argument",
      code: "KIT_HEADER_VALUE_INVALID",
      api: "TraceApi.trace",
    });
    expect((error as Error).message).toContain('"X-Trace"');
    expect(http.requests).toBe(before);
  });

  test("a value without line breaks is sent as is", async () => {
    const api = serviceFor(http.origin).createApi(TraceApi);
    const result = await api.trace("a: b; c=d").send();
    expect((result.data as { headers: Record<string, string> }).headers["x-trace"]).toBe(
      "a: b; c=d",
    );
  });
});
