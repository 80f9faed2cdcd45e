import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

interface Pet {
  id: number;
  name: string;
  photoUrls: string[];
  status: string;
}

/** The pet whose details the server holds back until `release()`: the page shows its loading state. */
export const HELD_PET = 7;

/**
 * A built example app and a few petstore operations below /api/v3, on one origin on 127.0.0.1.
 * It records every API request and the held requests whose connection the browser closed.
 */
export interface PetstoreServer {
  readonly origin: string;
  /** Method, path and query of each API request, in arrival order. */
  readonly requests: string[];
  /** API requests the browser hung up on before they were answered. */
  readonly closed: string[];
  /** The parts of each multipart photo upload as the server read them. */
  readonly uploads: UploadedPart[][];
  /** The Last-Event-ID of each connection to the pet event feed, `-` for none. */
  readonly eventIds: string[];
  /** While paused, the event feed answers 503 with the body its document declares. */
  pauseEvents(paused: boolean): void;
  /** Resolves once a request `line` ("GET /api/v3/pet/7") has arrived or was closed. */
  arrived(line: string): Promise<void>;
  closedEarly(line: string): Promise<void>;
  /** Answers every held request. */
  release(): void;
  close(): Promise<void>;
}

/** One part of a multipart body: a file with its name, type and text, or a text field. */
export type UploadedPart =
  | { name: string; file: string; type: string; text: string }
  | { name: string; value: string };

/** The parts of a multipart body, read by the platform's own parser (undici's `formData()`). */
async function readParts(request: IncomingMessage): Promise<UploadedPart[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = { "content-type": request.headers["content-type"] ?? "" };
  const form = await new Response(Buffer.concat(chunks), { headers }).formData();
  const parts: UploadedPart[] = [];
  for (const [name, value] of form) {
    parts.push(
      typeof value === "string"
        ? { name, value }
        : { name, file: value.name, type: value.type, text: await value.text() },
    );
  }
  return parts;
}

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

export async function startPetstoreServer(dist: string): Promise<PetstoreServer> {
  const pets: Pet[] = [
    { id: 1, name: "Rex", photoUrls: [], status: "available" },
    { id: 2, name: "Tom", photoUrls: [], status: "pending" },
    { id: HELD_PET, name: "Slowpoke", photoUrls: [], status: "sold" },
  ];
  const requests: string[] = [];
  const closed: string[] = [];
  const eventIds: string[] = [];
  const uploads: UploadedPart[][] = [];
  let eventsPaused = false;
  /** The feed's events: the pets the server started with. */
  const feed = pets.map(({ id, name }) => ({ id, name }));
  let held: (() => void)[] = [];
  let waiters: (() => void)[] = [];
  const changed = () => {
    for (const waiter of waiters) waiter();
  };
  const until = (seen: () => boolean) =>
    new Promise<void>((resolve) => {
      if (seen()) return resolve();
      waiters.push(() => seen() && resolve());
    });

  /** Closing the response before it ended is the browser hanging up. */
  function recordClose(response: ServerResponse, line: string): void {
    response.on("close", () => {
      if (response.writableEnded) return;
      closed.push(line);
      changed();
    });
  }

  /**
   * The pet event feed (examples/petstore/events.yaml): the first connection sends two events and
   * ends, asking for a reconnect after 100 ms; a reconnect resumes after its Last-Event-ID and is
   * held open until the browser closes it.
   */
  function events(request: IncomingMessage, response: ServerResponse, line: string): void {
    const lastEventId = request.headers["last-event-id"];
    eventIds.push(typeof lastEventId === "string" ? lastEventId : "-");
    changed();
    if (eventsPaused) {
      json(response, 503, { message: "the feed is paused" });
      return;
    }
    const event = (pet: (typeof feed)[number]) =>
      `id: ${pet.id}\nevent: pet\ndata: ${JSON.stringify(pet)}\n\n`;
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const after = feed.findIndex((pet) => String(pet.id) === lastEventId);
    if (after === -1) {
      response.end(`retry: 100\n\n${feed.slice(0, 2).map(event).join("")}`);
      return;
    }
    recordClose(response, line);
    response.write(
      feed
        .slice(after + 1)
        .map(event)
        .join(""),
    );
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL, line: string) {
    requests.push(`${line}${url.search}`);
    changed();
    const route = `${request.method} ${url.pathname.slice("/api/v3".length)}`;
    if (route === "GET /events/pets") return events(request, response, line);
    if (route === "GET /pet/findByStatus") {
      const statuses = url.searchParams.getAll("status");
      return json(
        response,
        200,
        pets.filter((pet) => statuses.includes(pet.status)),
      );
    }
    if (route === "POST /pet") {
      const pet = { ...JSON.parse(await readBody(request)), id: pets.length + 100 } as Pet;
      pets.push(pet);
      return json(response, 200, pet);
    }
    const photoOf = Number(/^POST \/pet\/(\d+)\/uploadImage$/.exec(route)?.[1]);
    if (photoOf) {
      const parts = await readParts(request);
      uploads.push(parts);
      const file = parts.find((part) => "file" in part);
      const message =
        file && "file" in file ? `${file.file} (${file.text.length} bytes)` : "no file";
      return json(response, 200, {
        code: 200,
        type: "photo",
        message: `pet ${photoOf}: ${message}`,
      });
    }
    const id = Number(/^GET \/pet\/(\d+)$/.exec(route)?.[1]);
    const pet = pets.find((candidate) => candidate.id === id);
    if (!pet) return json(response, 404, { message: "Pet not found" });
    if (id !== HELD_PET) return json(response, 200, pet);
    recordClose(response, line);
    held.push(() => json(response, 200, pet));
  }

  async function file(response: ServerResponse, pathname: string) {
    const path = normalize(join(dist, pathname === "/" ? "index.html" : pathname));
    if (!path.startsWith(dist)) return json(response, 403, { message: "outside the app" });
    try {
      const body = await readFile(path);
      response.writeHead(200, {
        "content-type": types[extname(path)] ?? "application/octet-stream",
      });
      response.end(body);
    } catch {
      json(response, 404, { message: `no file ${pathname}` });
    }
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const line = `${request.method} ${url.pathname}`;
    const answer = url.pathname.startsWith("/api/v3/")
      ? api(request, response, url, line)
      : file(response, url.pathname);
    answer.catch((error: unknown) => json(response, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    closed,
    eventIds,
    uploads,
    pauseEvents(paused) {
      eventsPaused = paused;
    },
    arrived: (line) =>
      until(() => requests.some((seen) => seen === line || seen.startsWith(`${line}?`))),
    closedEarly: (line) => until(() => closed.includes(line)),
    release() {
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    close() {
      waiters = [];
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
