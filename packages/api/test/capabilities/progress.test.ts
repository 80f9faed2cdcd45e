import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { Api, ContentType, Data, Get, Post, ResponseType } from "../../src/index.js";
import { type KitProgress, sendWithProgress } from "../../src/progress/index.js";
import { serviceFor } from "../support/service.js";

const SIZE = 10 * 1024 * 1024;
const STEP = 1024 * 1024;

@Api("/files")
class FileApi {
  @Post("/upload")
  @ContentType("application/octet-stream")
  upload(@Data() _body: Uint8Array): Promise<{ received: number }> {
    return null!;
  }

  @Get("/download")
  @ResponseType("arraybuffer")
  download(): Promise<ArrayBuffer> {
    return null!;
  }
}

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/files/upload") {
      let received = 0;
      request.on("data", (chunk: Buffer) => {
        received += chunk.length;
      });
      request.on("end", () => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ received }));
      });
      return;
    }
    // 10 MB in 1 MB steps 40 ms apart, so the transfer lasts long enough to be reported on.
    response.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-length": String(SIZE),
    });
    let sent = 0;
    const step = () => {
      response.write(Buffer.alloc(STEP, sent / STEP));
      sent += STEP;
      if (sent < SIZE) setTimeout(step, 40);
      else response.end();
    };
    step();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Seen extends KitProgress {
  at: number;
}

function recorder(): { seen: Seen[]; listener: (progress: KitProgress) => void } {
  const seen: Seen[] = [];
  return { seen, listener: (progress) => seen.push({ ...progress, at: performance.now() }) };
}

function expectWellFormed(seen: Seen[], interval: number): void {
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.at(-1)).toMatchObject({ loaded: SIZE, total: SIZE });
  for (let i = 1; i < seen.length; i++) {
    expect(seen[i]!.loaded).toBeGreaterThanOrEqual(seen[i - 1]!.loaded);
    // Throttled: reports keep their distance, except the last, flushed when the transfer ends.
    if (i < seen.length - 1) {
      expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(interval - 5);
    }
  }
  for (const report of seen) {
    expect(report.rate).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(report.rate)).toBe(true);
  }
}

describe.each(["http", "fetch"] as const)("sendWithProgress over the %s adapter", (adapter) => {
  test("reports a 10 MB upload, throttled, the last report before the send settles", async () => {
    const api = serviceFor(origin, { adapter, timeout: 0 }).createApi(FileApi);
    const { seen, listener } = recorder();
    const body = new Uint8Array(SIZE).fill(7);
    const result = await sendWithProgress(api.upload(body), { upload: listener, interval: 50 });
    expect(result.data).toEqual({ received: SIZE });
    const count = seen.length;
    expectWellFormed(seen, 50);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(count);
  });

  test("reports a 10 MB download with rate and total, throttled to the interval", async () => {
    const api = serviceFor(origin, { adapter, timeout: 0 }).createApi(FileApi);
    const { seen, listener } = recorder();
    const result = await sendWithProgress(api.download(), { download: listener, interval: 100 });
    expect(result.data.byteLength).toBe(SIZE);
    expect(new Uint8Array(result.data)[SIZE - 1]).toBe(9);
    expect(seen.length).toBeGreaterThan(1);
    expectWellFormed(seen, 100);
    expect(seen.some((report) => report.rate > 0)).toBe(true);
  });

  test("a listener that throws is reported and changes nothing about the transfer", async () => {
    const api = serviceFor(origin, { adapter, timeout: 0 }).createApi(FileApi);
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await sendWithProgress(api.download(), {
        download: () => {
          throw new Error("listener bug");
        },
      });
      expect(result.data.byteLength).toBe(SIZE);
      expect(report).toHaveBeenCalledWith(new Error("listener bug"));
    } finally {
      report.mockRestore();
    }
  });
});
