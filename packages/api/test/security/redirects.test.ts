import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Api, Get, KitRequestError, Params } from "../../src/index.js";
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

function files(crossOriginRedirect?: "refuse" | "strip") {
  const server = serviceFor(home.origin, {
    headers: { "X-App-Secret": "static" },
    ...(crossOriginRedirect ? { crossOriginRedirect } : {}),
  });
  server.use(auth({ getToken: () => "key-1", header: "X-Api-Key", scheme: "" }));
  return server.createApi(FileApi);
}

describe("credentials never leave the server's origin", () => {
  it("refuses a redirect to another origin by default: nothing reaches it", async () => {
    const error = await failure(files().get("away").send());
    expect(error).toBeInstanceOf(KitRequestError);
    expect(error).toMatchObject({ code: "KIT_REDIRECT_REFUSED", api: "FileApi.get" });
    expect((error as Error).message).toContain(`${other.origin}/landing`);
    expect(other.seen).toHaveLength(0);
  });

  it('with crossOriginRedirect "strip", follows it without any credential or static header', async () => {
    const result = await files("strip").get("away").send();
    expect(result.data.from).toBe("other");
    expect(other.seen).toHaveLength(1);
    const headers = other.seen[0]!.headers;
    expect(headers["x-api-key"]).toBeUndefined();
    expect(headers["x-app-secret"]).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  it("still follows a redirect within the origin, credentials included", async () => {
    const result = await files().get("here").send();
    expect(result.data).toMatchObject({ from: "home", key: "key-1" });
  });
});
