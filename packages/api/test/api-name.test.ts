import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Api, Get, KitDecoratorError, Query } from "../src/index.js";
import { failure } from "./support/failure.js";
import { serviceFor } from "./support/service.js";
import { startTestServer, type TestServer } from "./support/test-server.js";

let http: TestServer;
beforeAll(async () => {
  http = await startTestServer();
});
afterAll(() => http.close());

// The class names stand in for what a minifier leaves: nothing a reader should ever see.
@Api("", { name: "PetApi" })
class J {
  @Get("/not-found") getPetById(@Query("id") _id: number): Promise<unknown> {
    return null!;
  }
}

class K extends J {}

describe("@Api({ name })", () => {
  test("names the API in errors and on the KitMethod instead of the class name", async () => {
    const method = serviceFor(http.origin).createApi(J).getPetById(7);
    expect([method.api, method.name, method.args]).toEqual(["PetApi", "getPetById", [7]]);
    expect(await failure(method.send())).toMatchObject({ kind: "http", api: "PetApi.getPetById" });
  });

  test("belongs to the class it decorates: a subclass without its own @Api keeps its class name", () => {
    expect(serviceFor(http.origin).createApi(K).getPetById(1).api).toBe("K");
  });

  test("names the class in createApi's own errors", () => {
    @Api("", { name: "EmptyApi" })
    class Q {}
    expect(() => serviceFor(http.origin).createApi(Q)).toThrow(
      "EmptyApi has no method with a verb decorator such as @Get, so createApi has nothing to send",
    );
  });

  test.each([[""], [42]])("a name that is not a non-empty string (%j) is refused", (name) => {
    const decorate = () => Api("", { name: name as string })(class Bad {});
    expect(decorate).toThrow(KitDecoratorError);
    expect(decorate).toThrow("@Api on Bad needs { name } to be a non-empty string");
  });
});
