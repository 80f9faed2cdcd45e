import { writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { useTempDirs } from "../write/temp-dir.js";
import { runMock } from "./run-mock.js";

const tempDir = useTempDirs();

function documentWith(paths: string[]): object {
  return {
    openapi: "3.1.0",
    info: { title: "watched", version: "1" },
    paths: Object.fromEntries(
      paths.map((name) => [
        `/${name}`,
        {
          get: {
            operationId: name,
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { type: "string", example: name } } },
              },
            },
          },
        },
      ]),
    ),
  };
}

/** Asks until `url` answers `status` (a few seconds at most: file events and the debounce). */
async function eventually(url: string, status: number): Promise<Response> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(url);
    if (response.status === status) return response;
    await response.arrayBuffer();
    await sleep(50);
  }
  throw new Error(`${url} never answered ${status}`);
}

describe("kit mock --watch", () => {
  it("serves a changed document on the same port, and keeps the old one when the new one is broken", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "api.json");
    await writeFile(file, JSON.stringify(documentWith(["pets"])));
    const mock = await runMock(["-i", file, "--watch"], dir);
    try {
      expect((await fetch(`${mock.url}/orders`)).status).toBe(404);
      await writeFile(file, JSON.stringify(documentWith(["pets", "orders"])));
      expect(await (await eventually(`${mock.url}/orders`, 200)).json()).toBe("orders");
      expect(mock.out.filter((line) => line.includes("reloaded"))).toEqual([
        `kit mock: reloaded 2 operations of ${file}`,
      ]);
      await writeFile(file, "{ not json");
      for (let attempt = 0; attempt < 100 && mock.err.length === 0; attempt++) await sleep(50);
      expect(mock.err.at(-1)).toBe("kit mock: serving the previous document");
      expect((await fetch(`${mock.url}/orders`)).status).toBe(200);
    } finally {
      expect(await mock.stop()).toBe(0);
    }
  });

  it("follows the config file: a new input and seed without a restart", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "a.json"), JSON.stringify(documentWith(["pets"])));
    await writeFile(path.join(dir, "b.json"), JSON.stringify(documentWith(["users"])));
    const config = path.join(dir, "kit.config.json");
    await writeFile(config, JSON.stringify({ input: "a.json", mock: { port: 0 } }));
    const mock = await runMock(["--watch"], dir);
    try {
      expect((await fetch(`${mock.url}/pets`)).status).toBe(200);
      await writeFile(config, JSON.stringify({ input: "b.json", mock: { port: 0 } }));
      await eventually(`${mock.url}/users`, 200);
      expect((await fetch(`${mock.url}/pets`)).status).toBe(404);
      // The new input is watched in turn.
      await writeFile(path.join(dir, "b.json"), JSON.stringify(documentWith(["users", "tags"])));
      await eventually(`${mock.url}/tags`, 200);
    } finally {
      expect(await mock.stop()).toBe(0);
    }
  });
});
