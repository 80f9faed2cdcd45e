import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { Api, Get, KitAbortError, Params, Query } from "../src/index.js";
import { echoOf } from "./support/echo.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

@Api("/pets")
class PetApi {
  @Get("/:id") get(@Params("id") _id: number, @Query("v") _v?: string): Promise<unknown> {
    return null!;
  }
  @Get() list(): Promise<unknown> {
    return null!;
  }
  helper(): string {
    return "not an API method";
  }
}

@Api()
class RootApi {
  @Get("/not-found") missing(): Promise<unknown> {
    return null!;
  }
  @Get("/slow") slow(@Query("ms") _ms: number): Promise<unknown> {
    return null!;
  }
}

describe("the API object", () => {
  test("answers only decorated methods, so it is never taken for a promise", async () => {
    const api = serviceFor(http.origin).createApi(PetApi) as unknown as Record<
      PropertyKey,
      unknown
    >;
    for (const key of ["then", "toJSON", "toString", "helper", "constructor", "unknown"]) {
      expect(api[key]).toBeUndefined();
    }
    expect(api[Symbol.toPrimitive]).toBeUndefined();
    expect(Object.keys(api).sort()).toEqual(["get", "list"]);
    expect(await Promise.resolve(api)).toBe(api);
  });

  test("calling a method sends nothing until send()", async () => {
    const service = serviceFor(http.origin);
    const seen: string[] = [];
    service.http.interceptors.request.use((config) => {
      seen.push(String(config.url));
      return config;
    });
    const request = service.createApi(PetApi).get(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    await request.send();
    expect(seen).toEqual([`${http.origin}/pets/1`]);
  });
});

describe("send(...args)", () => {
  test("replaces the stored arguments for this and later sends", async () => {
    const request = serviceFor(http.origin).createApi(PetApi).get(1, "a");
    expect(echoOf(await request.send()).url).toBe("/pets/1?v=a");
    expect(echoOf(await request.send(2)).url).toBe("/pets/2");
    expect(echoOf(await request.send()).url).toBe("/pets/2");
  });

  test("200 concurrent sends of one method object are independent", async () => {
    const request = serviceFor(http.origin).createApi(PetApi).get(0);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => request.send(i, `r${i}`)),
    );
    results.forEach((result, i) => {
      expect(echoOf(result).url).toBe(`/pets/${i}?v=r${i}`);
    });
  });
});

describe("listeners", () => {
  test("run success listeners in order, then finish listeners, then the promise settles", async () => {
    const events: string[] = [];
    const request = serviceFor(http.origin).createApi(PetApi).get(1);
    request.onFinish(() => events.push("finish 1"));
    request.onSuccess((result) => events.push(`success 1: ${result.status}`));
    request.onError(() => events.push("error"));
    request.onSuccess(() => events.push("success 2"));
    await request.send().then(() => events.push("settled"));
    expect(events).toEqual(["success 1: 200", "success 2", "finish 1", "settled"]);
  });

  test("run error listeners with the error, then finish listeners, then the promise rejects", async () => {
    const events: unknown[] = [];
    const request = serviceFor(http.origin).createApi(RootApi).missing();
    request.onSuccess(() => events.push("success"));
    request.onError((error) => events.push(error));
    request.onFinish(() => events.push("finish"));
    const error = await request.send().catch((e: unknown) => e);
    events.push("settled");
    expect(events).toEqual([error, "finish", "settled"]);
  });

  test("fire on abort too", async () => {
    const events: unknown[] = [];
    const request = serviceFor(http.origin).createApi(RootApi).slow(5000);
    request.onError((error) => events.push(error instanceof KitAbortError));
    request.onFinish(() => events.push("finish"));
    const sent = request.send().catch(() => "rejected");
    await new Promise((resolve) => setTimeout(resolve, 30));
    request.abort();
    expect(await sent).toBe("rejected");
    expect(events).toEqual([true, "finish"]);
  });

  test("fire on every send until unsubscribed", async () => {
    let calls = 0;
    const request = serviceFor(http.origin).createApi(PetApi).get(1);
    const unsubscribe = request.onSuccess(() => calls++);
    await request.send();
    await request.send();
    unsubscribe();
    unsubscribe();
    await request.send();
    expect(calls).toBe(2);
  });

  test("a throwing listener is reported with console.error and changes nothing else", async () => {
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const boom = new Error("listener bug");
      const events: string[] = [];
      const request = serviceFor(http.origin).createApi(PetApi).get(1);
      request.onSuccess(() => {
        throw boom;
      });
      request.onSuccess(() => events.push("second"));
      request.onFinish(() => events.push("finish"));
      const result = await request.send();
      expect(result.status).toBe(200);
      expect(events).toEqual(["second", "finish"]);
      expect(report).toHaveBeenCalledWith(boom);
    } finally {
      report.mockRestore();
    }
  });
});

describe("abort(reason)", () => {
  test("aborts every in-flight send of the method object and leaves others alone", async () => {
    const api = serviceFor(http.origin).createApi(RootApi);
    const aborted = api.slow(5000);
    const other = api.slow(100);
    const pending = [aborted.send(), aborted.send()].map((p) => p.catch((e: unknown) => e));
    const untouched = other.send();
    await new Promise((resolve) => setTimeout(resolve, 30));
    aborted.abort();
    for (const error of await Promise.all(pending)) {
      expect(error).toBeInstanceOf(KitAbortError);
      expect((error as KitAbortError).reason).toBeInstanceOf(DOMException);
    }
    expect((await untouched).data).toEqual({ waited: 100 });
  });

  test("reaches a send still in flight after an earlier one of the same object ended", async () => {
    const request = serviceFor(http.origin).createApi(RootApi).slow(10);
    const early = request.send();
    const late = request.send(5000).catch((e: unknown) => e);
    expect((await early).data).toEqual({ waited: 10 });
    request.abort("late");
    const error = await late;
    expect(error).toBeInstanceOf(KitAbortError);
    expect((error as KitAbortError).reason).toBe("late");
  });

  test("does not affect later sends", async () => {
    const request = serviceFor(http.origin).createApi(RootApi).slow(10);
    request.abort("nothing in flight");
    expect((await request.send()).data).toEqual({ waited: 10 });
  });
});
