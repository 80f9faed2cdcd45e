import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  Api,
  ContentType,
  Data,
  Get,
  isKitError,
  KitRequestError,
  KitResponseError,
  Post,
  Query,
  ResponseType,
} from "../src/index.js";
import { retry } from "../src/plugins/index.js";
import { failure } from "./support/failure.js";
import { serviceFor } from "./support/service.js";

/** Every request is logged with its arrival time; the path picks the answer. */
interface Logged {
  url: string;
  at: number;
  contentType: string | undefined;
  body: string;
}
const log: Logged[] = [];
let origin: string;
let close: () => Promise<void>;

function answer(request: IncomingMessage, response: ServerResponse, body: string): void {
  const url = request.url ?? "";
  if (url.startsWith("/big")) {
    response.writeHead(200, { "content-type": "application/octet-stream" });
    response.end(Buffer.alloc(2 * 1024 * 1024));
  } else if (url.startsWith("/busy")) {
    const after = new URL(url, "http://x").searchParams.get("after") ?? "";
    response.writeHead(503, { "retry-after": after, "content-type": "application/json" });
    response.end("{}");
  } else {
    response.writeHead(200, {
      "content-type": "application/json",
      "set-cookie": ["a=1; Path=/", "b=2; Path=/"],
    });
    response.end(JSON.stringify({ contentType: request.headers["content-type"], body }));
  }
}

beforeAll(async () => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("latin1");
      log.push({
        url: request.url ?? "",
        at: Date.now(),
        contentType: request.headers["content-type"],
        body,
      });
      answer(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});
afterAll(() => close());

interface Echoed {
  contentType: string;
  body: string;
}

@Api("")
class WireApi {
  @Get("/echo") echo(): Promise<Echoed> {
    return null!;
  }
  @Get("/big") @ResponseType("arraybuffer") big(): Promise<ArrayBuffer> {
    return null!;
  }
  @Get("/busy") busy(@Query("after") _after: string): Promise<unknown> {
    return null!;
  }
  @Post("/upload") @ContentType("multipart/form-data") upload(
    @Data() _form: Record<string, unknown>,
  ): Promise<Echoed> {
    return null!;
  }
  @Post("/pdf") @ContentType("application/pdf") pdf(@Data() _file: Blob): Promise<Echoed> {
    return null!;
  }
}

describe("every failure is a Kit error", () => {
  it("a header name that is not an HTTP token rejects with KIT_HEADER_NAME_INVALID, nothing sent", async () => {
    const server = serviceFor(origin);
    server.use({
      name: "bad-header",
      request(ctx, next) {
        ctx.request.headers["X Bad Name"] = "1";
        return next();
      },
    });
    const before = log.length;
    const error = await failure(server.createApi(WireApi).echo().send());
    expect(error).toBeInstanceOf(KitRequestError);
    expect(error).toMatchObject({ kind: "argument", code: "KIT_HEADER_NAME_INVALID" });
    expect(log.length).toBe(before);
  });

  it("a relative baseURL under Node rejects with KIT_URL_INVALID", async () => {
    const error = await failure(serviceFor("/api").createApi(WireApi).echo().send());
    expect(isKitError(error)).toBe(true);
    expect(error).toMatchObject({ kind: "argument", code: "KIT_URL_INVALID" });
    expect((error as Error).message).toContain("absolute baseURL");
  });

  it("a body over maxResponseSize ends with KIT_RESPONSE_TOO_LARGE", async () => {
    const api = serviceFor(origin, { maxResponseSize: 1024 * 1024 }).createApi(WireApi);
    const error = await failure(api.big().send());
    expect(error).toBeInstanceOf(KitResponseError);
    expect(error).toMatchObject({ code: "KIT_RESPONSE_TOO_LARGE", status: 200 });
    const unlimited = serviceFor(origin, { maxResponseSize: 0 }).createApi(WireApi);
    expect((await unlimited.big().send()).data.byteLength).toBe(2 * 1024 * 1024);
  });
});

describe("Retry-After follows RFC 9110", () => {
  it.each(["-1", "1.5", "3, 4"])(
    "%j is not a delay: the normal backoff spaces the attempts",
    async (after) => {
      // Full jitter draws half of each backoff window: 50 ms, then 100 ms.
      const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
      try {
        const server = serviceFor(origin);
        server.use(retry({ retries: 2, backoff: { base: 100, max: 1_000 } }));
        const before = log.length;
        await failure(server.createApi(WireApi).busy(after).send());
        const attempts = log.slice(before).map((entry) => entry.at);
        expect(attempts).toHaveLength(3);
        expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(45);
        expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(95);
      } finally {
        random.mockRestore();
      }
    },
  );
});

describe("bodies and headers as the platform sends them", () => {
  it.each(["http", "fetch"] as const)(
    "multipart from the %s adapter carries its boundary",
    async (adapter) => {
      const api = serviceFor(origin, { adapter }).createApi(WireApi);
      const { data } = await api.upload({ name: "rex", photo: new Blob(["x"]) }).send();
      const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(data.contentType)?.[1];
      expect(boundary).toBeDefined();
      expect(data.body.startsWith(`--${boundary}`)).toBe(true);
    },
  );

  it.each(["http", "fetch"] as const)(
    "the declared Content-Type wins over a Blob's own type (%s)",
    async (adapter) => {
      const api = serviceFor(origin, { adapter }).createApi(WireApi);
      const { data } = await api.pdf(new Blob(["%PDF-1.7"], { type: "text/plain" })).send();
      expect(data).toEqual({ contentType: "application/pdf", body: "%PDF-1.7" });
    },
  );

  it("set-cookie arrives as an array, as KitResponseHeaders says", async () => {
    const result = await serviceFor(origin).createApi(WireApi).echo().send();
    const cookies: string | readonly string[] | undefined = result.headers["set-cookie"];
    expect(cookies).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });
});
