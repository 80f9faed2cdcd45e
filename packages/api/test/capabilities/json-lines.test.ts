import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  Get,
  type KitJsonLines,
  KitResponseError,
  type KitServerOptions,
  ResponseType,
} from "../../src/index.js";
import { jsonLines } from "../../src/stream/index.js";
import { type Loopback, startLoopback } from "../plugins/loopback.js";
import { serviceFor } from "../support/service.js";

interface Row {
  id: number;
  name: string;
}

@Api("/export")
class ExportApi {
  @Get("/rows")
  @ResponseType("stream")
  rows(): Promise<KitJsonLines<Row>> {
    return null!;
  }
}

let server: Loopback;
beforeAll(async () => {
  server = await startLoopback();
});
afterAll(() => server.close());

function exportFor(options: KitServerOptions = {}) {
  return serviceFor(server.origin, options).createApi(ExportApi);
}

function openLines(response: ServerResponse, type = "application/x-ndjson"): void {
  response.writeHead(200, { "content-type": type });
  response.flushHeaders();
}

describe.each(["http", "fetch"] as const)("jsonLines over the %s adapter", (adapter) => {
  test("yields one value per line as the lines arrive, across chunk borders, blank lines skipped", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.handle((_request, response) => {
      openLines(response, "application/jsonl");
      response.write('{"id":1,"name":"甲"}\r\n\n{"id":2,');
      // The rest is held back until the first value has reached the loop.
      void gate.then(() => response.end('"name":"乙"}\n{"id":3,"name":"丙"}'));
    });
    const rows: Row[] = [];
    for await (const row of jsonLines(exportFor({ adapter }).rows())) {
      rows.push(row);
      release();
    }
    expect(rows).toEqual([
      { id: 1, name: "甲" },
      { id: 2, name: "乙" },
      { id: 3, name: "丙" },
    ]);
  });

  test("reads an application/json-seq answer: each record's separator dropped, Accept names it", async () => {
    server.handle((_request, response) => {
      openLines(response, "application/json-seq");
      response.end('\u001e{"id":1,"name":"a"}\n\u001e{"id":2,"name":"b"}\n');
    });
    const rows: Row[] = [];
    for await (const row of jsonLines(exportFor({ adapter }).rows())) rows.push(row);
    expect(rows).toEqual([
      { id: 1, name: "a" },
      { id: 2, name: "b" },
    ]);
    expect(server.seen.at(-1)!.headers.accept).toContain("application/json-seq");
  });

  test("a line that is not JSON throws a KitResponseError carrying that line", async () => {
    server.handle((_request, response) => {
      openLines(response);
      response.end('{"id":1,"name":"a"}\n{"id":2,oops}\n{"id":3,"name":"c"}\n');
    });
    const rows: Row[] = [];
    const error = await (async () => {
      for await (const row of jsonLines(exportFor({ adapter }).rows())) rows.push(row);
    })().catch((caught: unknown) => caught);
    expect(rows).toEqual([{ id: 1, name: "a" }]);
    expect(error).toBeInstanceOf(KitResponseError);
    expect((error as KitResponseError).code).toBe("KIT_INVALID_JSON");
    expect((error as KitResponseError).body).toBe('{"id":2,oops}');
  });

  test("aborting mid-stream ends the loop quietly and closes the connection", async () => {
    let closed!: Promise<void>;
    server.handle((_request, response) => {
      closed = new Promise((resolve) => response.on("close", () => resolve()));
      openLines(response);
      response.write('{"id":1,"name":"a"}\n');
    });
    const controller = new AbortController();
    const rows: Row[] = [];
    for await (const row of jsonLines(exportFor({ adapter }).rows(), {
      signal: controller.signal,
    })) {
      rows.push(row);
      controller.abort();
    }
    expect(rows).toHaveLength(1);
    await closed;
  });

  test("a 32 MB line takes time in proportion to its length, not its square", async () => {
    const name = "x".repeat(32 * 1024 * 1024);
    const line = Buffer.from(`{"id":1,"name":"${name}"}\n{"id":2,"name":"b"}\n`);
    server.handle((_request, response) => {
      openLines(response);
      // 16 KiB chunks, as a network delivers them: 2,048 of them before the line ends.
      for (let at = 0; at < line.length; at += 16 * 1024) {
        response.write(line.subarray(at, at + 16 * 1024));
      }
      response.end();
    });
    const started = performance.now();
    const rows: Row[] = [];
    for await (const row of jsonLines(exportFor({ adapter }).rows())) rows.push(row);
    const seconds = (performance.now() - started) / 1000;
    expect(rows.map((row) => [row.id, row.name.length])).toEqual([
      [1, name.length],
      [2, 1],
    ]);
    // Rescanning the line per chunk took 10 to 17 s of CPU; once, about half a second.
    expect(seconds).toBeLessThan(5);
  }, 30_000);
});
