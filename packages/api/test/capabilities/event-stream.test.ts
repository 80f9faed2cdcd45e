import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  Data,
  Get,
  isKitError,
  KitHttpError,
  KitResponseError,
  type KitServerOptions,
  type KitServerSentEvent,
  type KitServerSentEvents,
  Method,
  Post,
  Query,
  ResponseType,
} from "../../src/index.js";
import { eventStream } from "../../src/stream/index.js";
import { json, type Loopback, startLoopback } from "../plugins/loopback.js";
import { serviceFor } from "../support/service.js";

interface Tick {
  n: number;
}

@Api("/sse")
class FeedApi {
  @Get("/ticks")
  @ResponseType("stream")
  ticks(@Query("room") _room: string): Promise<KitServerSentEvents<Tick>> {
    return null!;
  }
}

/** OpenAI's way: a POST whose answer is the completion as an event stream. */
@Api("/v1")
class ChatApi {
  @Post("/chat/completions")
  @ResponseType("stream")
  complete(@Data() _body: { prompt: string }): Promise<KitServerSentEvents<{ delta: string }>> {
    return null!;
  }

  /** OpenAPI 3.2's `query`: a search whose filter is the body. */
  @Method("QUERY", "/search")
  @ResponseType("stream")
  search(@Data() _filter: { prompt: string }): Promise<KitServerSentEvents<{ delta: string }>> {
    return null!;
  }
}

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback();
});
afterAll(() => server.close());

function feedFor(options: KitServerOptions = {}) {
  return serviceFor(server.origin, options).createApi(FeedApi);
}

function chatFor(options: KitServerOptions = {}) {
  return serviceFor(server.origin, options).createApi(ChatApi);
}

function openStream(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8" });
  response.flushHeaders();
}

/** Answers the n-th connection (from 0) with `scripts[n]`; later ones with HTTP 204. */
function script(...scripts: ((response: ServerResponse) => void)[]): { connections: number } {
  const state = { connections: 0 };
  server.handle((_request, response) => {
    const next = scripts[state.connections++];
    if (next) next(response);
    else {
      response.writeHead(204);
      response.end();
    }
  });
  return state;
}

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** Resolves when the server has seen the client close the response. */
function closed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => response.on("close", () => resolve()));
}

describe.each(["http", "fetch", "xhr"] as const)("eventStream over the %s adapter", (adapter) => {
  test("reconnects after the server closes, with Last-Event-ID, after the server's retry time, until HTTP 204", async () => {
    const before = server.seen.length;
    script(
      (response) => {
        openStream(response);
        response.write('retry: 40\nid: 1\ndata: {"n":1}\n\n');
        response.end("id: 2\nevent: tick\ndata: two\ndata: lines\n\n");
      },
      (response) => {
        openStream(response);
        response.end('data: {"n":3}\n\n');
      },
    );
    // Were `retry: 40` ignored, the default of 60 s would outlast the test.
    const events = await collect(eventStream(feedFor({ adapter }).ticks("a"), { retry: 60_000 }));
    expect(events).toEqual([
      { event: "message", data: { n: 1 }, text: '{"n":1}', id: "1", retry: 40 },
      { event: "tick", data: "two\nlines", text: "two\nlines", id: "2", retry: undefined },
      { event: "message", data: { n: 3 }, text: '{"n":3}', id: "2", retry: undefined },
    ]);
    const seen = server.seen.slice(before);
    expect(seen.map((request) => request.url)).toEqual([
      "/sse/ticks?room=a",
      "/sse/ticks?room=a",
      "/sse/ticks?room=a",
    ]);
    expect(seen[0]!.headers.accept).toBe("text/event-stream");
    expect(seen[0]!.headers["last-event-id"]).toBeUndefined();
    expect(seen[1]!.headers["last-event-id"]).toBe("2");
    expect(seen[2]!.headers["last-event-id"]).toBe("2");
  });

  test("reads the standard's line endings and ignores what it says to ignore", async () => {
    script((response) => {
      openStream(response);
      const body = Buffer.from(
        [
          "\uFEFF: a comment\r\n",
          "bogus: field\r\n",
          "retry: soon\r\n",
          "id: a\0b\r\n",
          "data:no space\r",
          "data\n",
          "\n",
          "event: 中文\ndata: 你好\n\n",
          "id\ndata: after an empty id\n\n",
          "data: lost: the stream ends before a blank line\n",
        ].join(""),
      );
      // Split inside a CRLF and inside a multi-byte character.
      const cuts = [body.indexOf("\r\n") + 1, body.indexOf(Buffer.from("你")) + 1];
      response.write(body.subarray(0, cuts[0]));
      setTimeout(() => {
        response.write(body.subarray(cuts[0], cuts[1]));
        setTimeout(() => response.end(body.subarray(cuts[1])), 5);
      }, 5);
    });
    const events = await collect(
      eventStream(feedFor({ adapter }).ticks("b"), { maxReconnects: 0 }),
    );
    expect(events).toEqual([
      { event: "message", data: "no space\n", text: "no space\n", id: "", retry: undefined },
      { event: "中文", data: "你好", text: "你好", id: "", retry: undefined },
      {
        event: "message",
        data: "after an empty id",
        text: "after an empty id",
        id: "",
        retry: undefined,
      },
    ]);
  });

  test("aborting the signal mid-stream ends the loop quietly and closes the connection", async () => {
    let connection!: Promise<void>;
    script((response) => {
      connection = closed(response);
      openStream(response);
      response.write('data: {"n":1}\n\n');
    });
    const controller = new AbortController();
    const events: KitServerSentEvent<Tick>[] = [];
    for await (const event of eventStream(feedFor({ adapter }).ticks("c"), {
      signal: controller.signal,
    })) {
      events.push(event);
      controller.abort();
    }
    expect(events.map((event) => event.data)).toEqual([{ n: 1 }]);
    await connection;
  });

  test("leaving the loop closes the connection", async () => {
    let connection!: Promise<void>;
    script((response) => {
      connection = closed(response);
      openStream(response);
      response.write("data: 1\n\ndata: 2\n\n");
    });
    for await (const event of eventStream(feedFor({ adapter }).ticks("d"))) {
      expect(event.data).toBe(1);
      break;
    }
    await connection;
  });

  test("an HTTP error is thrown with its body read, and not retried", async () => {
    const state = script((response) => json(response, 503, { reason: "maintenance" }));
    const error = await collect(eventStream(feedFor({ adapter }).ticks("e"), { retry: 1 })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(KitHttpError);
    expect((error as KitHttpError).body).toEqual({ reason: "maintenance" });
    expect(state.connections).toBe(1);
  });

  test("a 200 that is not an event stream is a KitResponseError, not an endless reconnect", async () => {
    script((response) => json(response, 200, { not: "events" }));
    const error = await collect(eventStream(feedFor({ adapter }).ticks("f"), { retry: 1 })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(KitResponseError);
    expect((error as KitResponseError).code).toBe("KIT_STREAM_CONTENT_TYPE");
    expect((error as Error).message).toBe(
      `GET ${server.origin}/sse/ticks answered application/json where a text/event-stream stream was expected`,
    );
  });

  test("a connection that fails before the response is retried, then given up with its error", async () => {
    const state = script(
      (response) => response.socket?.destroy(),
      (response) => {
        openStream(response);
        response.end("data: back\n\n");
      },
      (response) => response.socket?.destroy(),
      (response) => response.socket?.destroy(),
    );
    const events: unknown[] = [];
    const error = await (async () => {
      for await (const event of eventStream(feedFor({ adapter }).ticks("g"), {
        retry: 1,
        maxReconnects: 2,
      })) {
        events.push(event.data);
      }
    })().catch((caught: unknown) => caught);
    expect(events).toEqual(["back"]);
    expect(isKitError(error) && error.code).toBe("KIT_NETWORK");
    expect(state.connections).toBe(4);
  });

  test("a POST stream that ends normally is not sent again, even when the server sent id and retry", async () => {
    const state = script((response) => {
      openStream(response);
      response.write('retry: 10\nid: 1\ndata: {"delta":"Hel"}\n\n');
      response.end('id: 2\ndata: {"delta":"lo"}\n\n');
    });
    const deltas: string[] = [];
    for await (const event of eventStream(chatFor({ adapter }).complete({ prompt: "hi" }))) {
      deltas.push(event.data.delta);
    }
    expect(deltas).toEqual(["Hel", "lo"]);
    // A second connection would be answered 204; none is made, not even after the retry time.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(state.connections).toBe(1);
  });

  test("a POST stream that breaks is not sent again: the failure is thrown", async () => {
    const state = script((response) => {
      openStream(response);
      response.write('data: {"delta":"Hel"}\n\n');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const deltas: string[] = [];
    const error = await (async () => {
      for await (const event of eventStream(chatFor({ adapter }).complete({ prompt: "hi" }))) {
        deltas.push(event.data.delta);
      }
    })().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(deltas).toEqual(["Hel"]);
    expect(error).toBeDefined();
    expect(state.connections).toBe(1);
  });

  test("reconnect: true resumes a POST stream, with the body again and Last-Event-ID", async () => {
    const before = server.seen.length;
    script(
      (response) => {
        openStream(response);
        response.end('retry: 10\nid: 7\ndata: {"delta":"Hel"}\n\n');
      },
      (response) => {
        openStream(response);
        response.end('id: 8\ndata: {"delta":"lo"}\n\n');
      },
    );
    const events = await collect(
      eventStream(chatFor({ adapter }).complete({ prompt: "hi" }), { reconnect: true }),
    );
    expect(events.map((event) => event.data.delta)).toEqual(["Hel", "lo"]);
    const seen = server.seen.slice(before);
    expect(seen.map((request) => `${request.method} ${request.headers["last-event-id"]}`)).toEqual([
      "POST undefined",
      "POST 7",
      "POST 8",
    ]);
  });

  test("a QUERY stream resumes like a GET, with its body again (same length) and Last-Event-ID", async () => {
    const before = server.seen.length;
    script((response) => {
      openStream(response);
      response.end('retry: 10\nid: 3\ndata: {"delta":"Hel"}\n\n');
    });
    const events = await collect(eventStream(chatFor({ adapter }).search({ prompt: "hi" })));
    expect(events.map((event) => event.data.delta)).toEqual(["Hel"]);
    const seen = server.seen.slice(before);
    expect(
      seen.map((r) => `${r.method} ${r.headers["last-event-id"]} ${r.headers["content-length"]}`),
    ).toEqual(["QUERY undefined 15", "QUERY 3 15"]);
  });

  test("a GET stream with reconnect: false ends with its connection", async () => {
    const state = script((response) => {
      openStream(response);
      response.end("data: 1\n\n");
    });
    const events = await collect(
      eventStream(feedFor({ adapter }).ticks("h"), { reconnect: false }),
    );
    expect(events.map((event) => event.data)).toEqual([1]);
    expect(state.connections).toBe(1);
  });

  test("a server retry of 0 waits at least 100 ms; one above 2^31-1 ms does not fire at once", async () => {
    const times: number[] = [];
    script(
      (response) => {
        times.push(Date.now());
        openStream(response);
        response.end("retry: 0\ndata: 1\n\n");
      },
      (response) => {
        times.push(Date.now());
        openStream(response);
        response.end("retry: 9999999999\ndata: 2\n\n");
      },
      (response) => {
        times.push(Date.now());
        response.writeHead(204).end();
      },
    );
    const controller = new AbortController();
    const events: unknown[] = [];
    const reading = (async () => {
      for await (const event of eventStream(feedFor({ adapter }).ticks("i"), {
        signal: controller.signal,
      })) {
        events.push(event.data);
      }
    })();
    // An overflowing timer would fire after 1 ms and reach the third connection at once.
    await new Promise((resolve) => setTimeout(resolve, 400));
    controller.abort();
    await reading;
    expect(events).toEqual([1, 2]);
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(95);
  });
});
