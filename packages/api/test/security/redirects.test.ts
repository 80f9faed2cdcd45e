import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Api, configure, Get, KitRequestError, Params, StaticHeaders } from "../../src/index.js";
import { auth } from "../../src/plugins/index.js";
import { json, type Loopback, startLoopback } from "../plugins/loopback.js";
import { failure } from "../support/failure.js";
import { serviceFor } from "../support/service.js";

/** The server's origin redirects `/files/away` to the other origin and `/files/here` to itself. */
let home: Loopback;
let other: Loopback;
beforeEach(async () => {
  home = await startLoopback();
  other = await startLoopback();
  other.handle((request, response) => json(response, 200, { from: "other", url: request.url }));
  home.handle((request, response) => {
    if (request.url === "/files/away") {
      response.writeHead(302, { location: `${other.origin}/landing` }).end();
    } else if (request.url === "/files/here") {
      response.writeHead(302, { location: "/files/final" }).end();
    } else if (request.url === "/files/chain") {
      // Two hops within the origin, then out of it.
      response.writeHead(307, { location: "/files/away" }).end();
    } else {
      json(response, 200, { from: "home", url: request.url, key: request.headers["x-api-key"] });
    }
  });
});
afterEach(async () => {
  await home.close();
  await other.close();
});

@Api("/files")
class FileApi {
  @Get("/:name") get(@Params("name") _name: string): Promise<{ from: string; key?: string }> {
    return null!;
  }
}

/** Node's default adapter (http, follow-redirects) and axios's fetch adapter (undici). */
const adapters = ["http", "fetch"] as const;

function files(adapter: (typeof adapters)[number], crossOriginRedirect?: "refuse" | "strip") {
  const server = serviceFor(home.origin, {
    headers: { "X-App-Secret": "static" },
    adapter,
    ...(crossOriginRedirect ? { crossOriginRedirect } : {}),
  });
  server.use(auth({ getToken: () => "key-1", header: "X-Api-Key", scheme: "" }));
  return server.createApi(FileApi);
}

describe.each(adapters)("credentials never leave the server's origin (%s adapter)", (adapter) => {
  it("refuses a redirect to another origin by default: nothing reaches it", async () => {
    const error = await failure(files(adapter).get("away").send());
    expect(error).toBeInstanceOf(KitRequestError);
    expect(error).toMatchObject({ code: "KIT_REDIRECT_REFUSED", api: "FileApi.get" });
    expect((error as Error).message).toContain(`${other.origin}/landing`);
    expect(other.seen).toHaveLength(0);
  });

  it('with crossOriginRedirect "strip", follows it without any credential or static header', async () => {
    const result = await files(adapter, "strip").get("away").send();
    expect(result.data.from).toBe("other");
    expect(other.seen).toHaveLength(1);
    const headers = other.seen[0]!.headers;
    expect(headers["x-api-key"]).toBeUndefined();
    expect(headers["x-app-secret"]).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  it("still follows a redirect within the origin, credentials included", async () => {
    const result = await files(adapter).get("here").send();
    expect(result.data).toMatchObject({ from: "home", key: "key-1" });
    expect(home.seen.map((request) => request.url)).toEqual(["/files/here", "/files/final"]);
  });

  it("refuses a hop to another origin after hops within it", async () => {
    const error = await failure(files(adapter).get("chain").send());
    expect(error).toMatchObject({ code: "KIT_REDIRECT_REFUSED" });
    expect(home.seen.map((request) => request.url)).toEqual(["/files/chain", "/files/away"]);
    expect(other.seen).toHaveLength(0);
  });
});

@StaticHeaders({ "X-Method-Secret": "per-method" })
@Api("/files")
class SecretFileApi {
  @Get("/:name") get(@Params("name") _name: string): Promise<{ from: string }> {
    return null!;
  }
}

describe.each(adapters)("the run-time options keep credentials at home (%s adapter)", (adapter) => {
  it('drops @StaticHeaders too on a redirect followed with "strip"', async () => {
    const server = serviceFor(home.origin, { adapter, crossOriginRedirect: "strip" });
    const result = await server.createApi(SecretFileApi).get("away").send();
    expect(result.data.from).toBe("other");
    expect(home.seen[0]!.headers["x-method-secret"]).toBe("per-method");
    expect(other.seen[0]!.headers["x-method-secret"]).toBeUndefined();
  });

  it("refuses a redirect back to the old origin after configure() moved the baseURL", async () => {
    other.handle((request, response) => {
      response.writeHead(302, { location: `${home.origin}${request.url}` }).end();
    });
    const server = serviceFor(home.origin, { adapter });
    server.use(auth({ getToken: () => "key-1", header: "X-Api-Key", scheme: "" }));
    const api = server.createApi(FileApi);
    configure(server, { baseURL: other.origin });
    const error = await failure(api.get("moved").send());
    expect(error).toMatchObject({ code: "KIT_REDIRECT_REFUSED" });
    expect(other.seen.map((request) => request.url)).toEqual(["/files/moved"]);
    expect(home.seen).toHaveLength(0);
  });
});
