import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDocument } from "../../src/generate.js";
import { writeClient } from "../envelope/write-client.js";
import { loadFixture } from "../support/fixtures.js";
import { SCRATCH_DIR } from "../support/output-dir.js";

type Send = () => Promise<{ data: unknown }>;
type Client = Record<string, Record<string, (...args: unknown[]) => { send: Send }>>;

let server: Server;
let origin: string;
/** What the server received, by method and path. */
const received = new Map<string, unknown>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      const sent = JSON.parse(body) as Record<string, unknown>;
      received.set(`${request.method} ${request.url}`, sent);
      // The server keeps the secret to itself and assigns the id.
      const { secret: _secret, ...kept } = sent;
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: 41, ...kept }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("readOnly and writeOnly through the runtime, against a real server", () => {
  it("sends a PetWritable without the id and receives a Pet with it", async () => {
    const dir = join(SCRATCH_DIR, "roundtrip-read-write");
    const loaded = await loadFixture("type-fidelity.yaml");
    await writeClient(renderDocument(loaded, { baseUrl: origin }), dir);
    const client = (await import(pathToFileURL(join(dir, "index.ts")).href)) as Client;
    const sent = { name: "Rex", secret: "s3cret", owner: { name: "Ada", badge: {} } };
    const result = await client.petsApi!.createPet!(sent).send();
    expect(received.get("POST /pets")).toEqual(sent);
    expect(result.data).toEqual({ id: 41, name: "Rex", owner: { name: "Ada", badge: {} } });
  });
});
