import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Api, Get, KitHttpError, Params } from "../src/index.js";
import { auth } from "../src/plugins/index.js";
import { createClient } from "./plugins/client.js";
import { json, type Loopback, startLoopback } from "./plugins/loopback.js";
import { serviceFor } from "./support/service.js";

let loopback: Loopback;
beforeAll(async () => {
  loopback = await startLoopback();
});
afterAll(() => loopback.close());
afterEach(() => {
  loopback.seen.length = 0;
  loopback.handle((_request, response) => json(response, 200, { id: "1" }));
});

@Api("/pet")
class PetApi {
  @Get("/:petId")
  get(@Params("petId") _id: number): Promise<{ id: string }> {
    return null!;
  }
}

describe("what a KitMethod tells about its sends", () => {
  it("pending, the last result and error, and the request as the plugins left it", async () => {
    const service = serviceFor(loopback.origin).use(auth({ getToken: () => "t-1" }));
    const find = service.createApi(PetApi).get(7);
    expect([find.pending, find.result, find.error, find.request]).toEqual([
      false,
      undefined,
      undefined,
      undefined,
    ]);
    expect(find.route).toEqual({ method: "GET", path: "/pet/:petId" });
    const sending = find.send();
    expect(find.pending).toBe(true);
    const result = await sending;
    expect(find.pending).toBe(false);
    expect(find.result).toBe(result);
    expect(find.request).toMatchObject({
      method: "GET",
      url: `${loopback.origin}/pet/7`,
      headers: { Authorization: "Bearer t-1" },
      timeout: 10_000,
    });
    expect(loopback.seen[0]!.headers.authorization).toBe("Bearer t-1");

    loopback.handle((_request, response) => json(response, 404, { missing: true }));
    await find.send(8).catch(() => undefined);
    expect(find.error).toBeInstanceOf(KitHttpError);
    expect(find.result).toBe(result);
    expect(find.request?.url).toBe(`${loopback.origin}/pet/8`);

    loopback.handle((_request, response) => json(response, 200, { id: "9" }));
    await find.send(9);
    expect(find.error).toBeUndefined();
    expect(find.result?.data).toEqual({ id: "9" });
  });

  it("stays pending until the last of overlapping sends settles", async () => {
    const { items } = createClient(loopback.origin);
    loopback.handle((request, response) => {
      setTimeout(
        () => json(response, 200, { id: request.url }),
        request.url.endsWith("1") ? 10 : 60,
      );
    });
    const method = items.get("1");
    const slow = method.send("2");
    const quick = method.send("1");
    await quick;
    expect(method.pending).toBe(true);
    await slow;
    expect(method.pending).toBe(false);
  });
});
