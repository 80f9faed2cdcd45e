import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  Envelope,
  Get,
  KitBusinessError,
  KitDecoratorError,
  KitResponseError,
  type KitServerOptions,
} from "../src/index.js";
import { serviceFor } from "./support/service.js";

/** A loopback server answering every request with the JSON text the test set last. */
let answer = "null";
let origin = "";
const server = createServer((_, response) => {
  response.writeHead(200, { "content-type": "application/json" });
  response.end(answer);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

@Api("", { name: "WholeApi", envelope: false })
class WholeApi {
  /** A DTO that happens to have `code`, `message` and `data`: typed as the whole body. */
  @Get("/notice") notice(): Promise<{ code: string; message: string; data: string[] }> {
    return null!;
  }
  @Envelope("strict")
  @Get("/user")
  user(): Promise<{ id: number }> {
    return null!;
  }
}

@Api("", { name: "DataApi", envelope: "strict" })
class DataApi {
  @Get("/user") user(): Promise<{ id: number }> {
    return null!;
  }
  @Envelope(false)
  @Get("/raw")
  raw(): Promise<{ code: number; message: string; data: unknown }> {
    return null!;
  }
}

@Api()
class AutoApi {
  @Get("/any") any(): Promise<unknown> {
    return null!;
  }
}

async function outcome(send: () => Promise<{ data: unknown }>): Promise<unknown> {
  try {
    return { data: (await send()).data };
  } catch (error) {
    return error;
  }
}

function reply(value: unknown): void {
  answer = JSON.stringify(value);
}

function api<T>(apiClass: abstract new () => T, options: KitServerOptions = {}) {
  return serviceFor(origin, options).createApi(apiClass);
}

describe("the envelope mode a class or method declares, over the server's", () => {
  test("envelope: false on the class returns a body with code, message and data whole", async () => {
    reply({ code: "A1", message: "hello", data: ["x"] });
    expect(await outcome(() => api(WholeApi).notice().send())).toEqual({
      data: { code: "A1", message: "hello", data: ["x"] },
    });
    // Even a code validateCode refuses: the method's type is the whole body, nothing is checked.
    reply({ code: 500, message: "no", data: [] });
    expect(await outcome(() => api(WholeApi).notice().send())).toEqual({
      data: { code: 500, message: "no", data: [] },
    });
  });

  test("@Envelope on a method overrides its class, and the class option the server's", async () => {
    reply({ code: 0, message: "ok", data: { id: 7 } });
    expect(await outcome(() => api(WholeApi).user().send())).toEqual({ data: { id: 7 } });
    expect(await outcome(() => api(DataApi).user().send())).toEqual({ data: { id: 7 } });
    expect(await outcome(() => api(DataApi).raw().send())).toEqual({
      data: { code: 0, message: "ok", data: { id: 7 } },
    });
    // The server's own mode applies to classes that declare none.
    expect(await outcome(() => api(AutoApi, { envelope: false }).any().send())).toEqual({
      data: { code: 0, message: "ok", data: { id: 7 } },
    });
  });

  test('"strict" refuses a JSON body that is not an envelope with KIT_ENVELOPE_MISSING', async () => {
    reply([1, 2]);
    const error = await outcome(() => api(DataApi).user().send());
    expect(error).toBeInstanceOf(KitResponseError);
    expect(error).toMatchObject({ code: "KIT_ENVELOPE_MISSING", api: "DataApi.user" });
  });

  test("a wrong mode fails where the class is decorated", () => {
    expect(() => Api("", { envelope: "yes" as never })(class Bad {})).toThrow(KitDecoratorError);
    expect(() => Envelope(true as never)({}, "m", {})).toThrow(KitDecoratorError);
  });
});

describe("an envelope whose code is not a success code always rejects", () => {
  const failures = [
    ["data present", { code: 500, message: "服务器错误", data: { id: 1 } }],
    ["data null", { code: 500, message: "服务器错误", data: null }],
    ["data missing", { code: 500, message: "服务器错误" }],
  ] as const;

  for (const [name, body] of failures) {
    test(`"strict", ${name}: KitBusinessError with the code and message`, async () => {
      reply(body);
      const error = await outcome(() => api(DataApi).user().send());
      expect(error).toBeInstanceOf(KitBusinessError);
      expect(error).toMatchObject({
        kind: "business",
        businessCode: 500,
        message: "服务器错误",
        envelope: body,
      });
    });

    test(`"auto", ${name}: KitBusinessError with the code and message`, async () => {
      reply(body);
      const error = await outcome(() => api(AutoApi).any().send());
      expect(error).toBeInstanceOf(KitBusinessError);
      expect(error).toMatchObject({ businessCode: 500, message: "服务器错误" });
    });
  }

  test('"strict": a code alone, without message or data, is checked too', async () => {
    reply({ code: 401 });
    expect(await outcome(() => api(DataApi).user().send())).toBeInstanceOf(KitBusinessError);
  });

  test("an envelope without the code key is not checked: its data is the result", async () => {
    reply({ message: "ok", data: { id: 3 } });
    expect(await outcome(() => api(DataApi).user().send())).toEqual({ data: { id: 3 } });
    expect(await outcome(() => api(AutoApi).any().send())).toEqual({ data: { id: 3 } });
  });

  test('"auto": a success { code, message } without data stays the whole body', async () => {
    reply({ code: 0, message: "ok" });
    expect(await outcome(() => api(AutoApi).any().send())).toEqual({
      data: { code: 0, message: "ok" },
    });
    expect(await outcome(() => api(DataApi).user().send())).toEqual({ data: undefined });
  });
});
