import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  Api,
  Get,
  KitDecoratorError,
  KitOptionsError,
  KitServer,
  type KitServerOptions,
  Server,
  Timeout,
} from "../src/index.js";
import { en, type KitMessageCatalogue, setKitMessages, zh } from "../src/messages/index.js";
import { pool } from "../src/plugins/index.js";
import { json, type Loopback, startLoopback } from "./plugins/loopback.js";

let loopback: Loopback;
beforeAll(async () => {
  loopback = await startLoopback();
  loopback.handle((_request, response) => json(response, 404, { missing: true }));
});
afterAll(() => loopback.close());
afterEach(() => setKitMessages(null));

@Api("/pet")
class PetApi {
  @Get("/1")
  get(): Promise<unknown> {
    return null!;
  }
}

function serverWith(options: KitServerOptions = {}) {
  @Server({ baseURL: loopback.origin, ...options })
  class Shop extends KitServer {}
  return new Shop();
}

async function notFound(server: KitServer): Promise<string> {
  const error = await server
    .createApi(PetApi)
    .get()
    .send()
    .catch((caught: unknown) => caught);
  return (error as Error).message;
}

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

const seeds = {
  missing: "服务类[Unmarked]缺少 @Server() 装饰器",
  baseURL: "@Server() 的 baseURL 必须是非空字符串",
};

function seedMessages(): [string, string] {
  class Unmarked extends KitServer {}
  return [thrown(() => new Unmarked()).message, thrown(() => Server({ baseURL: "" })).message];
}

describe("message catalogues", () => {
  it("by default words errors in English, and the two seed messages exactly as the seed says", async () => {
    expect(seedMessages()).toEqual([seeds.missing, seeds.baseURL]);
    expect(await notFound(serverWith())).toBe(`GET ${loopback.origin}/pet/1 answered HTTP 404`);
  });

  it("chosen globally, words every Kit error from it: core, decorators, plugins; the seeds stay", async () => {
    setKitMessages(zh);
    expect(await notFound(serverWith())).toBe(`GET ${loopback.origin}/pet/1 返回 HTTP 404`);
    expect(seedMessages()).toEqual([seeds.missing, seeds.baseURL]);
    const decorator = thrown(() => {
      class Twice {
        @Get("/a")
        @Get("/b")
        a(): Promise<void> {
          return null!;
        }
      }
      return Twice;
    });
    expect(decorator).toBeInstanceOf(KitDecoratorError);
    expect(decorator.message).toBe("Twice.a 有两个请求方法装饰器：@Get 和 @Get");
    expect(thrown(() => pool({ concurrency: 0 })).message).toBe(
      "pool({ concurrency }) 必须是 an integer ≥ 1，实际为 0",
    );
    const onStatic = thrown(() => Timeout(1)(PetApi, "get", {} as PropertyDescriptor));
    expect(onStatic.message).toBe("PetApi.get 上的 @Timeout 必须装饰 API 类或其实例方法");
    setKitMessages(null);
    expect(await notFound(serverWith())).toBe(`GET ${loopback.origin}/pet/1 answered HTTP 404`);
  });

  it("in English words the seed messages in English too, when chosen", () => {
    setKitMessages(en);
    expect(seedMessages()).toEqual([
      "The server class Unmarked has no @Server() decorator",
      "The baseURL of @Server() must be a non-empty string",
    ]);
  });

  it("chosen per server, words that server's errors and no other's", async () => {
    const chinese = serverWith({ messages: zh });
    const plain = serverWith();
    expect(await notFound(chinese)).toBe(`GET ${loopback.origin}/pet/1 返回 HTTP 404`);
    expect(await notFound(plain)).toBe(`GET ${loopback.origin}/pet/1 answered HTTP 404`);
    @Api("/x")
    class Empty {}
    expect(thrown(() => chinese.createApi(Empty)).message).toBe(
      "Empty 没有带 @Get 之类请求方法装饰器的方法，createApi 无可发送",
    );
  });

  it("are extensible: a partial catalogue of your own rewords only its codes, over the one chosen", async () => {
    const ja: KitMessageCatalogue = {
      KIT_HTTP: (status, method, url) => `${method} ${url} は HTTP ${status} を返しました`,
    };
    setKitMessages(zh);
    setKitMessages(ja);
    expect(await notFound(serverWith())).toBe(
      `GET ${loopback.origin}/pet/1 は HTTP 404 を返しました`,
    );
    expect(thrown(() => pool({ concurrency: 0 })).message).toMatch(/必须是/);
    expect(await notFound(serverWith({ messages: { KIT_HTTP: () => "nope" } }))).toBe("nope");
  });

  it("have a Chinese message for every code the English catalogue has", () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(zh.KIT_SERVER_DECORATOR_MISSING("Unmarked")).toBe(seeds.missing);
    expect(zh.KIT_BASE_URL_INVALID()).toBe(seeds.baseURL);
  });

  it("refuse what is not a catalogue with one line", () => {
    const global = thrown(() => setKitMessages("zh" as never));
    expect(global).toBeInstanceOf(KitOptionsError);
    expect(global.message).toBe(
      "setKitMessages() takes a catalogue, an object of message functions by error code, got string",
    );
    expect(thrown(() => Server({ messages: { KIT_HTTP: "x" } as never })).message).toBe(
      "@Server({ messages }) must be an object of message functions, with @kit/api/messages imported, got an object with other values",
    );
  });
});
