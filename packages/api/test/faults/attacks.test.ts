import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  Api,
  Get,
  isKitError,
  type KitPlugin,
  type KitServerOptions,
  Params,
  Query,
} from "../../src/index.js";
import { cache, type KitCacheStorage } from "../../src/plugins/index.js";
import { retryAfterMs } from "../../src/plugins/retry-delay.js";
import { json, type Loopback, startLoopback } from "../plugins/loopback.js";
import { serviceFor } from "../support/service.js";

/**
 * The attack review's inputs as properties: fast-check draws many hostile values of each kind and
 * every one must end as a Kit error with nothing sent, or reach the server as declared. The
 * loopback server's own log is the evidence of what was sent.
 */
let loopback: Loopback;
beforeAll(async () => {
  loopback = await startLoopback();
});
afterAll(() => loopback.close());
beforeEach(() => {
  loopback.seen.length = 0;
  loopback.handle((request, response) => json(response, 200, { url: request.url }));
});

const RUNS = { numRuns: 150 };

@Api("/files")
class FileApi {
  @Get("/:name.:ext") file(@Params("name") _name: string, @Params("ext") _ext: string) {
    return null! as Promise<{ url: string }>;
  }
  @Get("/:dir/:name") nested(@Params("dir") _dir: string, @Params("name") _name: string) {
    return null! as Promise<{ url: string }>;
  }
  @Get("/search") search(@Query() _query: Record<string, unknown>) {
    return null! as Promise<{ url: string }>;
  }
}

/** Strings made of the characters that change a URL's meaning, mixed with plain ones. */
const urlish = fc
  .array(
    fc.constantFrom(".", "..", "/", "\\", "%2e", "%2E", "%", "?", "#", ":", "@", "a", "", " "),
    {
      maxLength: 4,
    },
  )
  .map((parts) => parts.join(""));

function api(options: KitServerOptions = {}, plugins: KitPlugin[] = []) {
  const server = serviceFor(`${loopback.origin}/api`, options);
  for (const plugin of plugins) server.use(plugin);
  return server.createApi(FileApi);
}

/** A segment the server's URL parser would remove or climb out of. */
function hasDotSegment(path: string): boolean {
  return path
    .split("?")[0]!
    .split("/")
    .some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

async function settle<T>(
  promise: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

describe("a request never leaves its route, whatever the path values", () => {
  test.each([
    ["/:name.:ext", (a: string, b: string) => api().file(a, b)],
    ["/:dir/:name", (a: string, b: string) => api().nested(a, b)],
  ])(
    "%s: refused with nothing sent, or received under /api/files/ with no dot segment",
    async (_route, call) => {
      await fc.assert(
        fc.asyncProperty(urlish, urlish, async (a, b) => {
          loopback.seen.length = 0;
          const outcome = await settle(call(a, b).send());
          if (!outcome.ok) {
            expect(outcome.error).toMatchObject({ code: "KIT_PATH_VALUE_INVALID" });
            expect(loopback.seen).toHaveLength(0);
            return;
          }
          expect(loopback.seen).toHaveLength(1);
          const received = loopback.seen[0]!.url;
          expect(received.startsWith("/api/files/")).toBe(true);
          expect(hasDotSegment(received)).toBe(false);
        }),
        RUNS,
      );
    },
  );

  test("under a relative baseURL no value makes the URL protocol-relative", async () => {
    // A relative baseURL is what browsers use; the adapter records the URL instead of sending.
    const sent: string[] = [];
    @Api("/")
    class Root {
      @Get("/:first/:second") get(@Params("first") _a: string, @Params("second") _b: string) {
        return null! as Promise<unknown>;
      }
    }
    const server = serviceFor("/", {
      adapter: async (config) => {
        sent.push(String(config.url));
        return { data: "{}", status: 200, statusText: "OK", headers: {}, config };
      },
    });
    const root = server.createApi(Root);
    await fc.assert(
      fc.asyncProperty(urlish, urlish, async (a, b) => {
        sent.length = 0;
        const outcome = await settle(root.get(a, b).send());
        if (!outcome.ok) {
          expect(outcome.error).toMatchObject({ code: "KIT_PATH_VALUE_INVALID" });
          expect(sent).toEqual([]);
          return;
        }
        const url = new URL(sent[0]!, "http://app.example/");
        expect(url.origin).toBe("http://app.example");
        expect(hasDotSegment(sent[0]!)).toBe(false);
      }),
      RUNS,
    );
  });
});

describe("every failure is a Kit error", () => {
  test("a header name or value a plugin sets: a Kit error with nothing sent, or the header as set", async () => {
    const name = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom("X-Ok", "x y", "a:b", "Ünï", "", "a\r\nb", "(x)", "a\u0000"),
    );
    const value = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom("ok", "a\r\nb", "\u0000", "é", "\t"),
    );
    await fc.assert(
      fc.asyncProperty(name, value, async (headerName, headerValue) => {
        loopback.seen.length = 0;
        const setter: KitPlugin = {
          name: "setter",
          request(ctx, next) {
            ctx.request.headers[headerName] = headerValue;
            return next();
          },
        };
        const outcome = await settle(api({}, [setter]).search({}).send());
        if (!outcome.ok) {
          expect(isKitError(outcome.error)).toBe(true);
          expect(outcome.error).toMatchObject({
            code: expect.stringMatching(/^KIT_HEADER_(NAME|VALUE)_INVALID$/),
          });
          expect((outcome.error as Error).message).not.toContain("\n");
          expect(loopback.seen).toHaveLength(0);
          return;
        }
        expect(loopback.seen).toHaveLength(1);
        // Node sends a value trimmed of surrounding blanks, as HTTP defines it.
        expect(loopback.seen[0]!.headers[headerName.toLowerCase()]).toBe(
          headerValue.replace(/^[\t ]+|[\t ]+$/g, ""),
        );
      }),
      RUNS,
    );
  });

  test("query values of any JSON-ish shape, BigInt included, with and without the cache", async () => {
    const leaf = fc.oneof(
      fc.bigInt(),
      fc.integer(),
      fc.string({ maxLength: 6 }),
      fc.boolean(),
      fc.constant(null),
    );
    const query = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 5 }),
      fc.oneof(
        leaf,
        fc.array(leaf, { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), leaf, { maxKeys: 2 }),
      ),
      { maxKeys: 4 },
    );
    const plain = api();
    const cached = api({}, [cache()]);
    await fc.assert(
      fc.asyncProperty(query, async (values) => {
        const [first, second] = [
          await plain.search(values).send(),
          await cached.search(values).send(),
        ];
        expect(second.data.url).toBe(first.data.url);
        const again = await cached.search(values).send();
        expect(again).toMatchObject({ fromCache: true, data: { url: first.data.url } });
      }),
      { numRuns: 60 },
    );
  });
});

describe("the cache reads stored entries as input", () => {
  /** A storage the test can plant values in: what `get` answers is whatever was planted. */
  function plantable() {
    const items = new Map<string, unknown>();
    const storage: KitCacheStorage = {
      get: (key) => items.get(key) as never,
      set: (key, entry) => {
        items.set(key, entry);
      },
      delete: (key) => {
        items.delete(key);
      },
      keys: () => items.keys(),
    };
    return { items, storage };
  }

  test("a corrupt entry is a miss, never a failure and never served", async () => {
    const corrupt = fc.oneof(
      fc.anything(),
      fc.record(
        { url: fc.anything(), expires: fc.anything(), result: fc.anything() },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(corrupt, async (planted) => {
        const { items, storage } = plantable();
        const files = api({ name: "attack" }, [cache({ storage })]);
        const first = await files.file("a", "txt").send();
        const [key] = [...items.keys()];
        items.set(key!, planted);
        loopback.seen.length = 0;
        const second = await files.file("a", "txt").send();
        expect(second).toMatchObject({ fromCache: false, data: first.data });
        expect(loopback.seen).toHaveLength(1);
      }),
      { numRuns: 100 },
    );
  });

  test("a planted entry with a valid shape but another URL or no future expiry is not served", async () => {
    const expires = fc.oneof(
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 0, "9999999999999"),
      fc.double(),
    );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), expires, async (otherURL, expiry) => {
        const { items, storage } = plantable();
        const files = api({ name: "attack" }, [cache({ storage })]);
        const first = await files.file("a", "txt").send();
        const [key, entry] = [...items.entries()][0] as [string, { url: string; result: object }];
        const validFuture =
          typeof expiry === "number" && Number.isFinite(expiry) && expiry > Date.now();
        fc.pre(otherURL || !validFuture);
        items.set(key, {
          url: otherURL ? `${entry.url}/other` : entry.url,
          expires: expiry,
          result: { ...entry.result, data: { forged: true } },
        });
        const second = await files.file("a", "txt").send();
        expect(second).toMatchObject({ fromCache: false, data: first.data });
      }),
      { numRuns: 60 },
    );
  });
});

describe("Retry-After follows RFC 9110", () => {
  const now = Date.UTC(2026, 10, 24, 6, 0, 0);

  test("digits are seconds; an HTTP-date is the time until it; anything else means the normal backoff", () => {
    const near = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom("-1", "1.5", "3, 4", "+1", "1e3", "0x10", "", " ", "Infinity", "NaN", "１"),
      fc.integer({ min: -5, max: 100_000 }).map(String),
      fc
        .date({ min: new Date(now - 1e9), max: new Date(now + 1e9), noInvalidDate: true })
        .map((date) => date.toUTCString()),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    );
    fc.assert(
      fc.property(near, (value) => {
        const wait = retryAfterMs(value, now);
        const text = value.trim();
        if (/^\d+$/.test(text)) {
          expect(wait).toBe(Number(text) * 1000);
        } else if (/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) {
          expect(wait).toBe(Math.max(0, Date.parse(text) - now));
        } else {
          expect(wait).toBeUndefined();
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
