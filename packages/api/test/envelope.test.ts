import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Get, KitBusinessError, KitResponseError } from "../src/index.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

@Api()
class EnvelopeApi {
  @Get("/envelope/ok") ok(): Promise<{ id: number }> {
    return null!;
  }
  @Get("/envelope/business") business(): Promise<null> {
    return null!;
  }
  @Get("/envelope/custom") custom(): Promise<number[]> {
    return null!;
  }
  @Get("/plain") plain(): Promise<number[]> {
    return null!;
  }
  @Get("/empty") empty(): Promise<void> {
    return null!;
  }
}

describe('envelope "auto" (the default)', () => {
  test("unwraps data and exposes code, message, status and the raw envelope", async () => {
    const api = serviceFor(http.origin).createApi(EnvelopeApi);
    const result = await api.ok().send();
    expect(result).toMatchObject({
      data: { id: 1 },
      code: 0,
      message: "ok",
      fromCache: false,
      status: 200,
      envelope: { code: 0, message: "ok", data: { id: 1 } },
    });
    expect(result.headers["content-type"]).toBe("application/json");
  });

  test("passes a body without the data key through as data", async () => {
    const api = serviceFor(http.origin).createApi(EnvelopeApi);
    const result = await api.plain().send();
    expect(result.data).toEqual([1, 2, 3]);
    expect(result.envelope).toBeUndefined();
  });

  test("rejects a code refused by the default validateCode with KitBusinessError", async () => {
    const api = serviceFor(http.origin).createApi(EnvelopeApi);
    const error = await api
      .business()
      .send()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KitBusinessError);
    expect(error).toMatchObject({
      kind: "business",
      code: "KIT_BUSINESS",
      businessCode: 1001,
      message: "余额不足",
      status: 200,
      api: "EnvelopeApi.business",
      envelope: { code: 1001, message: "余额不足", data: null },
    });
  });

  test("uses the server's keys and validateCode, which receives the code and the envelope", async () => {
    const seen: unknown[] = [];
    const service = serviceFor(http.origin, {
      codeKey: "status",
      messageKey: "msg",
      dataKey: "result",
      validateCode: (code, envelope) => {
        seen.push(code, envelope.msg);
        return code === "OK";
      },
    });
    const result = await service.createApi(EnvelopeApi).custom().send();
    expect(result).toMatchObject({ data: [7], code: "OK", message: "fine" });
    expect(seen).toEqual(["OK", "fine"]);
  });

  test("does not call validateCode when the envelope has no code key", async () => {
    const service = serviceFor(http.origin, {
      codeKey: "absent",
      validateCode: () => {
        throw new Error("must not be called");
      },
    });
    const result = await service.createApi(EnvelopeApi).business().send();
    expect(result.data).toBeNull();
    expect(result.code).toBeUndefined();
  });
});

describe('envelope "strict"', () => {
  test("unwraps an envelope", async () => {
    const api = serviceFor(http.origin, { envelope: "strict" }).createApi(EnvelopeApi);
    expect((await api.ok().send()).data).toEqual({ id: 1 });
  });

  test("rejects a JSON body without the data key with KitResponseError", async () => {
    const api = serviceFor(http.origin, { envelope: "strict" }).createApi(EnvelopeApi);
    const error = await api
      .plain()
      .send()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KitResponseError);
    expect(error).toMatchObject({ kind: "parse", code: "KIT_ENVELOPE_MISSING", body: [1, 2, 3] });
  });

  test("accepts an empty body as undefined data", async () => {
    const api = serviceFor(http.origin, { envelope: "strict" }).createApi(EnvelopeApi);
    expect((await api.empty().send()).data).toBeUndefined();
  });
});

describe("envelope false", () => {
  test("never unwraps and never checks codes", async () => {
    const api = serviceFor(http.origin, { envelope: false }).createApi(EnvelopeApi);
    const result = await api.business().send();
    expect(result.data).toEqual({ code: 1001, message: "余额不足", data: null });
    expect(result.envelope).toBeUndefined();
    expect(result.code).toBeUndefined();
  });
});
