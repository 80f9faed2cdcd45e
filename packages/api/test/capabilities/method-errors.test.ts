import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  Get,
  isKitErrorOf,
  type KitErrors,
  KitHttpError,
  KitServer,
  Params,
  Server,
} from "../../src/index.js";
import { json, type Loopback, startLoopback } from "../plugins/loopback.js";
import { failure } from "../support/failure.js";

interface Pet {
  id: number;
}
interface NotFound {
  missing: number;
}
interface Problem {
  title: string;
}

@Api("/pet")
class PetApi {
  @Get("/:petId")
  getPetById(
    this: KitErrors<{ 404: NotFound; default: Problem }>,
    @Params("petId") _petId: number,
  ): Promise<Pet> {
    return null!;
  }
  @Get("/:petId/owner")
  getOwner(@Params("petId") _petId: number): Promise<{ name: string }> {
    return null!;
  }
  @Get("/:petId/collar")
  getCollar(this: KitErrors<{ 404: NotFound }>, @Params("petId") _petId: number): Promise<Pet> {
    return null!;
  }
}

/**
 * What a caller writes against the types: the declared 404 by its body, any other status as
 * "some other status" whose body must be looked at first (its type is `unknown`).
 */
function explain(getCollar: unknown, error: unknown): string {
  const method = getCollar as ReturnType<typeof petApiFor>["getCollar"];
  if (!isKitErrorOf(method, error) || error.kind !== "http")
    return "not an HTTP error of getCollar";
  if (error.status === 404) return `no pet ${error.body.missing}`;
  const body = typeof error.body === "string" ? error.body : JSON.stringify(error.body);
  return `HTTP ${error.status}: ${body}`;
}

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback();
  server.handle((request, response) => {
    if (request.url === "/pet/1") json(response, 404, { missing: 1 });
    else if (request.url === "/pet/2") json(response, 500, { title: "database down" });
    else if (request.url === "/pet/3")
      json(response, 200, { code: 1001, message: "frozen", data: null });
    else if (request.url === "/pet/7/collar") json(response, 404, { missing: 7 });
    else if (request.url === "/pet/8/collar") {
      // A proxy in front of the API: an HTML page, a status the method does not declare.
      response.writeHead(502, { "content-type": "text/html" });
      response.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
    } else if (request.url === "/pet/9/collar") json(response, 418, { teapot: true });
    else json(response, 403, { title: "not yours" });
  });
});
afterAll(() => server.close());

function petApiFor(origin: string) {
  @Server({ baseURL: origin })
  class Service extends KitServer<{ code: number; message: string }> {}
  return new Service().createApi(PetApi);
}

describe("isKitErrorOf", () => {
  test("narrows a caught error of the method and gives its declared body, by status", async () => {
    const petApi = petApiFor(server.origin);
    const get = petApi.getPetById(1);
    const error = await failure(get.send());
    expect(isKitErrorOf(get, error)).toBe(true);
    if (!isKitErrorOf(get, error) || error.kind !== "http" || error.status !== 404) {
      expect.fail("a 404 of getPetById");
    }
    // Typed NotFound without a cast: the property read is checked by tsc.
    expect(error.body.missing).toBe(1);
  });

  test("a default response comes with its body too; the API method works as the guard's argument", async () => {
    const petApi = petApiFor(server.origin);
    const error = await failure(petApi.getPetById(2).send());
    expect(isKitErrorOf(petApi.getPetById, error)).toBe(true);
    if (isKitErrorOf(petApi.getPetById, error) && error.kind === "http" && error.status === 500) {
      expect(error.body.title).toBe("database down");
    } else {
      expect.fail("a 500 of getPetById");
    }
  });

  test("the business error of an envelope server carries the envelope's code", async () => {
    const petApi = petApiFor(server.origin);
    const get = petApi.getPetById(3);
    const error = await failure(get.send());
    if (!isKitErrorOf(get, error) || error.kind !== "business") expect.fail("a business error");
    expect(error.businessCode).toBe(1001);
    expect(error.message).toBe("frozen");
  });

  test("another method's error, a plain Error and a non-error are not the method's errors", async () => {
    const petApi = petApiFor(server.origin);
    const ownerError = await failure(petApi.getOwner(1).send());
    expect(ownerError).toBeInstanceOf(KitHttpError);
    expect(isKitErrorOf(petApi.getPetById, ownerError)).toBe(false);
    expect(isKitErrorOf(petApi.getOwner, ownerError)).toBe(true);
    expect(isKitErrorOf(petApi.getPetById, new Error("boom"))).toBe(false);
    expect(isKitErrorOf(petApi.getPetById, { kind: "http", api: "PetApi.getPetById" })).toBe(false);
    expect(isKitErrorOf(petApi.getPetById, undefined)).toBe(false);
  });

  test("a status the method does not declare (a proxy's HTML 502, a 418) is some other status, never the declared 404", async () => {
    const petApi = petApiFor(server.origin);
    const outcomes: string[] = [];
    for (const id of [7, 8, 9]) {
      outcomes.push(explain(petApi.getCollar, await failure(petApi.getCollar(id).send())));
    }
    expect(outcomes).toEqual([
      "no pet 7",
      "HTTP 502: <html><body><h1>502 Bad Gateway</h1></body></html>",
      'HTTP 418: {"teapot":true}',
    ]);
  });

  test("checking with the API method sends nothing", async () => {
    const petApi = petApiFor(server.origin);
    const before = server.seen.length;
    isKitErrorOf(
      petApi.getPetById,
      new KitHttpError(
        { method: "GET", url: "/", api: "PetApi.getPetById" },
        { status: 404, body: {}, headers: {} },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.seen.length).toBe(before);
  });
});
