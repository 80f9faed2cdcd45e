import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  Api,
  Get,
  HeaderValue,
  type KitContext,
  KitDecoratorError,
  KitServer,
  KitTimeoutError,
  PluginOptions,
  Post,
  ResponseType,
  Server,
  StaticHeaders,
  Timeout,
  WithCredentials,
} from "../src/index.js";
import { cache, retry } from "../src/plugins/index.js";
import { json, type Loopback, startLoopback } from "./plugins/loopback.js";

let loopback: Loopback;
beforeAll(async () => {
  loopback = await startLoopback();
});
afterAll(() => loopback.close());
afterEach(() => {
  loopback.seen.length = 0;
  loopback.handle((_request, response) => json(response, 200, { ok: true }));
});

function sent<T>(): Promise<T> {
  throw new Error("the proxy sends this request");
}

@Timeout(80)
@StaticHeaders({ "X-Layer": "class", "X-Class": "yes" })
@PluginOptions({ retry: { retries: 0 }, cache: { ttl: 1_000 } })
@Api("/reports")
class ReportApi {
  @Get("/quick")
  quick(): Promise<unknown> {
    return sent();
  }

  @Timeout(600)
  @StaticHeaders({ "X-Layer": "method" })
  @PluginOptions({ cache: { skip: true } })
  @Get("/export")
  exportAll(@HeaderValue("X-Layer") _layer?: string): Promise<unknown> {
    return sent();
  }

  @ResponseType("text")
  @WithCredentials()
  @Post("/upload")
  upload(): Promise<string> {
    return sent();
  }
}

function server(options: { timeout?: number; headers?: Record<string, string> } = {}) {
  @Server({ baseURL: loopback.origin, name: "reports", timeout: 5_000, ...options })
  class Reports extends KitServer {}
  return new Reports();
}

/** Answers after `ms`, so a timeout shorter than that fails. */
function answerAfter(ms: number): void {
  loopback.handle((_request, response) => {
    setTimeout(() => json(response, 200, { ok: true }), ms);
  });
}

describe("per-class and per-method timeouts", () => {
  it("apply the class's, then the method's, then the call's over the server's", async () => {
    const api = server().createApi(ReportApi);
    answerAfter(250);
    const error = await api
      .quick()
      .send()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(KitTimeoutError);
    expect(error).toMatchObject({ timeout: 80 });
    await expect(api.exportAll().send()).resolves.toMatchObject({ data: { ok: true } });
    await expect(api.exportAll().sendWith({ timeout: 60 })).rejects.toMatchObject({
      code: "KIT_TIMEOUT",
      timeout: 60,
    });
  });

  it("refuse a sendWith timeout that is not a duration, sending nothing", async () => {
    const api = server().createApi(ReportApi);
    await expect(api.quick().sendWith({ timeout: -1 })).rejects.toMatchObject({
      code: "KIT_SEND_OPTION_INVALID",
      message:
        "ReportApi.quick.sendWith({ timeout }) must be a number of milliseconds from 0 to 2^31 - 1, got -1",
    });
    expect(loopback.seen).toEqual([]);
  });
});

describe("static headers", () => {
  it("lay the call's over @HeaderValue over the method's over the class's over the server's", async () => {
    const api = server({ headers: { "X-Layer": "server", "X-Server": "yes" } }).createApi(
      ReportApi,
    );
    await api.quick().send();
    await api.exportAll().send();
    await api.exportAll("argument").send();
    await api.exportAll("argument").sendWith({ headers: { "X-Layer": "call" } });
    const seen = loopback.seen.map(({ headers }) => [
      headers["x-layer"],
      headers["x-class"],
      headers["x-server"],
    ]);
    expect(seen).toEqual([
      ["class", "yes", "yes"],
      ["method", "yes", "yes"],
      ["argument", "yes", "yes"],
      ["call", "yes", "yes"],
    ]);
  });
});

describe("withCredentials and response type per method", () => {
  it("set the request plugins and axios see, and read the body as declared", async () => {
    const service = server();
    const seen: { plugin?: boolean; axios?: boolean }[] = [];
    service.use({
      name: "probe",
      request(ctx: KitContext, next) {
        seen.push({ plugin: ctx.request.withCredentials });
        return next();
      },
    });
    service.http.interceptors.request.use((config) => {
      seen[seen.length - 1]!.axios = config.withCredentials ?? false;
      return config;
    });
    const api = service.createApi(ReportApi);
    loopback.handle((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.end('{"code":0}');
    });
    // The class's 80 ms timeout is not what this test is about; a loaded machine may exceed it.
    const uploaded = await api.upload().sendWith({ timeout: 5_000 });
    expect(uploaded.data).toBe('{"code":0}');
    await api
      .quick()
      .send()
      .catch(() => undefined);
    expect(seen).toEqual([
      { plugin: true, axios: true },
      { plugin: false, axios: false },
    ]);
  });

  it("make the cache refuse a @WithCredentials method without a scope, since cookies it cannot see go along", async () => {
    @Api("/me")
    class MeApi {
      @WithCredentials()
      @Get("")
      me(): Promise<unknown> {
        return sent();
      }
    }
    const service = server().use(cache());
    await expect(service.createApi(MeApi).me().send()).rejects.toMatchObject({
      code: "KIT_CACHE_SCOPE_MISSING",
    });
    expect(loopback.seen).toEqual([]);
  });
});

describe("a response type for a whole class", () => {
  it("reads every method's body as declared, a method's own winning", async () => {
    @ResponseType("text")
    @Api("/raw")
    class RawApi {
      @Get("/a")
      a(): Promise<string> {
        return sent();
      }

      @ResponseType("json")
      @Get("/b")
      b(): Promise<{ ok: boolean }> {
        return sent();
      }
    }
    const api = server().createApi(RawApi);
    expect((await api.a().send()).data).toBe('{"ok":true}');
    expect((await api.b().send()).data).toEqual({ ok: true });
  });
});

describe("plugin options through @PluginOptions", () => {
  it("merge field by field: the call's over the method's over the class's", async () => {
    const service = server();
    const options: unknown[] = [];
    service.use({
      name: "probe",
      request(ctx, next) {
        options.push(ctx.options);
        return next();
      },
    });
    const api = service.createApi(ReportApi);
    await api.quick().send();
    await api.exportAll().send();
    await api
      .exportAll()
      .options({ cache: { ttl: 5 } })
      .send();
    expect(options).toEqual([
      { retry: { retries: 0 }, cache: { ttl: 1_000 } },
      { retry: { retries: 0 }, cache: { ttl: 1_000, skip: true } },
      { retry: { retries: 0 }, cache: { ttl: 5, skip: true } },
    ]);
  });

  it("carry retry and cache rules: no retry for the class, never cached for one method", async () => {
    const service = server()
      .use(cache())
      .use(retry({ backoff: { base: 0, max: 0 } }));
    const api = service.createApi(ReportApi);
    loopback.handle((_request, response) => json(response, 503, { busy: true }));
    await expect(api.quick().send()).rejects.toMatchObject({ status: 503 });
    expect(loopback.seen).toHaveLength(1);
    loopback.handle((_request, response) => json(response, 200, { ok: true }));
    await api.exportAll().send();
    await api.exportAll().send();
    await api.quick().send();
    await api.quick().send();
    expect(loopback.seen.map(({ url }) => url)).toEqual([
      "/reports/quick",
      "/reports/export",
      "/reports/export",
      "/reports/quick",
    ]);
  });
});

describe("bad decorator arguments", () => {
  it("fail where the class is declared with one line naming the decorator and the place", () => {
    const declare = (decorate: () => void) => {
      try {
        decorate();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const timeout = declare(() => {
      class A {
        @Timeout(-5)
        @Get("/a")
        a(): Promise<unknown> {
          return sent();
        }
      }
      return A;
    });
    expect(timeout).toBeInstanceOf(KitDecoratorError);
    expect((timeout as Error).message).toBe(
      "@Timeout on A.a needs a number of milliseconds from 0 to 2^31 - 1",
    );
    const headers = declare(() => {
      @StaticHeaders({ "X Bad": "v" })
      class B {}
      return B;
    });
    expect((headers as Error).message).toBe(
      "@StaticHeaders on B needs an object of header names (HTTP tokens) to string values without control characters",
    );
    const options = declare(() => {
      @PluginOptions({ cache: true } as never)
      class C {}
      return C;
    });
    expect((options as Error).message).toBe(
      "@PluginOptions on C needs an object whose fields are the plugins' option objects",
    );
  });

  it("on a static method are refused with the option decorators' own code and message", () => {
    let thrown: unknown;
    try {
      class Reports {
        @Timeout(100)
        static all(): void {}

        one(): void {}
      }
      void Reports;
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KitDecoratorError);
    expect(thrown).toMatchObject({
      code: "KIT_DECORATOR_OPTION_TARGET",
      message: "@Timeout on Reports.all must decorate an API class or one of its instance methods",
    });
  });

  it("leave a parent class alone when a subclass adds its own", async () => {
    @Timeout(40)
    @Api("/reports")
    class SlowReports extends ReportApi {}
    const service = server();
    answerAfter(150);
    await expect(service.createApi(SlowReports).exportAll().send()).resolves.toBeDefined();
    await expect(service.createApi(SlowReports).quick().send()).rejects.toMatchObject({
      timeout: 40,
    });
    await expect(service.createApi(ReportApi).quick().send()).rejects.toMatchObject({
      timeout: 80,
    });
  });
});
