import { writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTempDirs } from "../write/temp-dir.js";
import { attackDocument } from "./attack-document.js";
import { type MockUnderTest, runMock } from "./run-mock.js";

/**
 * The attack review of issue 32, each as a request against a real `kit mock` on 127.0.0.1: every
 * test is a handful of requests and must answer well within its time limit.
 */
const tempDir = useTempDirs();

async function startOn(document: object, ...args: string[]): Promise<MockUnderTest> {
  const file = path.join(await tempDir(), "attacks.json");
  await writeFile(file, JSON.stringify(document));
  return runMock(["-i", file, ...args], process.cwd());
}

/** A raw request, with headers fetch would not let a test set (Host). */
function raw(
  url: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: target,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

/** The heap in use once garbage is collected (the mock runs in this process). */
function heapAfterGc(): number {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
  return process.memoryUsage().heapUsed;
}

describe("kit mock under attack (127.0.0.1 only)", () => {
  let mock: MockUnderTest;
  beforeAll(async () => {
    mock = await startOn(attackDocument, "--max-body", "1000");
  });
  afterAll(async () => {
    expect(await mock.stop()).toBe(0);
  });

  it("keeps Object.prototype clean through deepObject queries, forms and multipart fields", async () => {
    for (const target of [
      "/search?filter[__proto__][polluted]=yes",
      "/search?filter[constructor][prototype][polluted]=yes",
      "/search?filter[valueOf]=1&filter[toString]=2",
    ])
      expect((await fetch(`${mock.url}${target}`)).status).toBeLessThan(500);
    const form = await fetch(`${mock.url}/forms`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "meta[__proto__][polluted]=yes&meta[toString]=x",
    });
    expect(form.status).toBeLessThan(500);
    const parts = new FormData();
    parts.append("toString", "x");
    parts.append("__proto__", "y");
    const multipart = await fetch(`${mock.url}/forms`, { method: "POST", body: parts });
    expect(multipart.status).toBe(204);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The server still answers valid requests as before.
    const valid = await fetch(`${mock.url}/search?filter[a]=b`);
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual({ ok: true });
  });

  it("answers a pattern that backtracks exponentially, and one that backtracks polynomially, at once", async () => {
    const started = performance.now();
    const nested = await fetch(`${mock.url}/search?name=${"a".repeat(32)}!`);
    const dotted = await fetch(`${mock.url}/search?fields=${".".repeat(732)}`);
    expect(performance.now() - started).toBeLessThan(2000);
    // Not checked (too long for these patterns), so not refused: never stricter than the document.
    expect(nested.status).toBe(200);
    expect(dotted.status).toBe(200);
    expect(mock.out.some((line) => line.includes("are not checked against it"))).toBe(true);
    // A short value is still checked.
    expect((await fetch(`${mock.url}/search?name=ab`)).status).toBe(422);
  });

  it("routes a 732-character path against /{a}.{b}.{c}.{d} in linear time", async () => {
    const started = performance.now();
    const miss = await fetch(`${mock.url}/files/${".".repeat(732)}/x`);
    const hit = await fetch(`${mock.url}/files/${"x.".repeat(366)}x`);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(miss.status).toBe(404);
    expect(hit.status).toBe(204);
  });

  it("refuses a body above --max-body with 413, announced or streamed", async () => {
    const announced = await raw(mock.url, "/forms", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "5000" },
      body: "a".repeat(5000),
    }).catch(() => undefined);
    if (announced !== undefined) expect(announced.status).toBe(413);
    const streamed = await fetch(`${mock.url}/forms`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new Blob(["a=".padEnd(1001, "b")]).stream(),
      duplex: "half",
    } as RequestInit).catch(() => undefined);
    if (streamed !== undefined) expect(streamed.status).toBe(413);
    expect(mock.out.filter((line) => / → 413 /.test(line))).toHaveLength(2);
    expect((await fetch(`${mock.url}/search`)).status).toBe(200);
  });

  it("keeps no memory per Prefer or Accept text: 1,000 distinct values answer alike", async () => {
    const before = heapAfterGc();
    for (let batch = 0; batch < 10; batch++)
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          fetch(`${mock.url}/big`, {
            headers: {
              prefer: `respond-async, wait=${batch}${index}`,
              accept: `application/json, text/x-${batch}-${index}`,
            },
          }).then((response) => response.arrayBuffer()),
        ),
      );
    // Well below the 740 MB the raw-header cache grew to; garbage aside, tens of MB at most.
    expect(heapAfterGc() - before).toBeLessThan(32 * 1024 * 1024);
  });

  it("answers a media type with a pasted U+200B, and keeps serving", async () => {
    const pasted = await fetch(`${mock.url}/pasted`);
    expect(pasted.status).toBe(200);
    expect(pasted.headers.get("content-type")).toBe("application/json%E2%80%8B");
    expect((await fetch(`${mock.url}/search`)).status).toBe(200);
  });

  it("answers Prefer: code=__proto__ and code=toString as undeclared, not 200", async () => {
    for (const code of ["__proto__", "toString", "constructor"]) {
      const answer = await fetch(`${mock.url}/search`, { headers: { prefer: `code=${code}` } });
      expect(answer.status).toBe(404);
      expect((await answer.json()).detail).toContain("no response with status");
    }
  });

  it("caps generated sizes: minLength, minItems and {n} of a billion answer at once, bounded", async () => {
    const started = performance.now();
    const answer = await fetch(`${mock.url}/huge`);
    const text = await answer.text();
    expect(performance.now() - started).toBeLessThan(5000);
    expect(answer.status).toBe(200);
    expect(text.length).toBeLessThan(2_000_000);
    const value = JSON.parse(text);
    expect(value.text).toHaveLength(4096);
    expect(value.list.length).toBeLessThanOrEqual(100);
  });
});

describe("kit mock beside a browser", () => {
  let mock: MockUnderTest;
  beforeAll(async () => {
    mock = await startOn(attackDocument);
  });
  afterAll(async () => {
    expect(await mock.stop()).toBe(0);
  });

  it("refuses a Host that is not this machine (DNS rebinding), accepts localhost names and addresses", async () => {
    const { port } = new URL(mock.url);
    const rebound = await raw(mock.url, "/search", {
      headers: { host: `attacker.example:${port}` },
    });
    expect(rebound.status).toBe(403);
    expect(rebound.headers["access-control-allow-origin"]).toBeUndefined();
    expect(JSON.parse(rebound.body).detail).toContain("--allowed-host");
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `app.localhost:${port}`,
      // An address, as a phone on the LAN asks for it: no DNS answer is involved.
      `192.168.1.20:${port}`,
    ])
      expect((await raw(mock.url, "/search", { headers: { host } })).status).toBe(200);
    for (const host of [`127.0.0.1.attacker.example:${port}`, `localhost.attacker.example`, "a b"])
      expect((await raw(mock.url, "/search", { headers: { host } })).status).toBe(403);
  });

  it("gives CORS to localhost pages only; other origins are refused without CORS headers", async () => {
    const local = await fetch(`${mock.url}/search`, {
      headers: { origin: "http://localhost:5173" },
    });
    expect(local.status).toBe(200);
    expect(local.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    for (const origin of ["https://evil.example", "null", "http://localhost.evil.example"]) {
      const foreign = await fetch(`${mock.url}/search`, { headers: { origin } });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    }
    const preflight = await fetch(`${mock.url}/search`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(403);
    const noOrigin = await raw(mock.url, "/search", {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(noOrigin.status).toBe(403);
  });

  it("lets configured hosts and origins in", async () => {
    const open = await startOn(
      attackDocument,
      "--allowed-host",
      "mock.test",
      "--cors-origin",
      "https://app.example",
    );
    try {
      const { port } = new URL(open.url);
      expect(
        (await raw(open.url, "/search", { headers: { host: `mock.test:${port}` } })).status,
      ).toBe(200);
      const answer = await fetch(`${open.url}/search`, {
        headers: { origin: "https://app.example" },
      });
      expect(answer.headers.get("access-control-allow-origin")).toBe("https://app.example");
      expect(
        (await fetch(`${open.url}/search`, { headers: { origin: "https://b.example" } })).status,
      ).toBe(403);
    } finally {
      await open.stop();
    }
  });
});
