import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  Api,
  ContentType,
  Data,
  Delete,
  Get,
  type KitErrors,
  type KitPlugin,
  KitServer,
  type KitServerSentEvents,
  Params,
  Post,
  Query,
  ResponseType,
  Server,
} from "../../src/index.js";

export interface Pet {
  id: number;
  name: string;
}

export interface PetPage {
  items: Pet[];
  total: number;
}

/**
 * A pet server on 127.0.0.1 for the framework tests. `/pets/404` answers 404; `held` requests get
 * no answer until `release()`, so tests see the loading state and whether the client hung up.
 */
export interface PetServer {
  readonly origin: string;
  /** Path and query of every request, in arrival order. */
  readonly requests: string[];
  /** Requests whose connection the client closed before they were answered. */
  readonly closed: string[];
  /** Answers every held request. */
  release(): void;
  /** Resolves once `count` requests have arrived. */
  arrived(count: number): Promise<void>;
  /** Resolves once `count` held requests were closed by the client. */
  closedCount(count: number): Promise<void>;
  close(): Promise<void>;
}

const TOTAL = 23;

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}

export async function startPetServer(): Promise<PetServer> {
  const requests: string[] = [];
  const closed: string[] = [];
  let held: (() => void)[] = [];
  /** Names of the files uploaded so far. */
  const uploaded = new Set<string>();
  let waiters: (() => void)[] = [];
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const until = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      if (ready()) return resolve();
      waiters.push(() => {
        if (ready()) resolve();
      });
    });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = `${url.pathname}${url.search}`;
    requests.push(path);
    const answer = () => {
      if (url.pathname === "/pets/photos") {
        // The multipart body's file name decides: "broken" always fails, "flaky" fails once.
        let body = "";
        request.on("data", (chunk) => (body += chunk));
        request.on("end", () => {
          const name = /filename="([^"]*)"/.exec(body)?.[1] ?? "";
          const failing =
            name.includes("broken") || (name.includes("flaky") && !uploaded.has(name));
          uploaded.add(name);
          if (failing) json(response, 500, { error: `could not store ${name}` });
          else json(response, 200, { name, bytes: body.length });
        });
      } else if (url.pathname === "/pets/export") {
        if (url.searchParams.get("year") === "404") {
          json(response, 404, { error: "no export for that year" });
        } else {
          const rows = [
            "id,name",
            ...Array.from({ length: 500 }, (_, i) => `${i + 1},Pet ${i + 1}`),
          ];
          response.writeHead(200, {
            "content-type": "text/csv",
            "content-disposition": `attachment; filename="pets-${url.searchParams.get("year")}.csv"`,
          });
          response.end(`${rows.join("\n")}\n`);
        }
      } else if (request.method === "POST") {
        let body = "";
        request.on("data", (chunk) => (body += chunk));
        request.on("end", () => json(response, 200, { id: 99, ...JSON.parse(body) }));
      } else if (url.pathname === "/pets/feed") {
        // Three events, then the stream stays open until the client closes it.
        response.on("close", () => {
          closed.push(path);
          notify();
        });
        response.writeHead(200, { "content-type": "text/event-stream" });
        for (let id = 1; id <= 3; id++) {
          response.write(`id: ${id}\ndata: ${JSON.stringify({ id, name: `Pet ${id}` })}\n\n`);
        }
      } else if (request.method === "DELETE") {
        if (url.pathname.endsWith("/404")) json(response, 404, { error: "no such pet" });
        else response.writeHead(204).end();
      } else if (url.pathname === "/pets") {
        const page = Number(url.searchParams.get("page"));
        const size = Number(url.searchParams.get("size"));
        const q = url.searchParams.get("q") ?? "";
        const all: Pet[] = [];
        for (let id = 1; id <= TOTAL; id++) all.push({ id, name: `Pet ${id}` });
        const found = all.filter((pet) => pet.name.includes(q));
        const items = found.slice((page - 1) * size, page * size);
        json(response, 200, { items, total: found.length } satisfies PetPage);
      } else if (url.pathname === "/pets/envelope") {
        const ok = url.searchParams.get("ok") === "1";
        json(response, 200, {
          code: ok ? 0 : 4001,
          message: ok ? "fine" : "out of stock",
          data: ok ? { id: 5, name: "Pet 5" } : null,
        });
      } else if (url.pathname === "/pets/404") {
        json(response, 404, { error: "no such pet" });
      } else {
        const id = Number(url.pathname.split("/").pop());
        json(response, 200, { id, name: `Pet ${id}` } satisfies Pet);
      }
    };
    if (url.searchParams.get("hold") === "1") {
      response.on("close", () => {
        if (!response.writableEnded) {
          closed.push(path);
          notify();
        }
      });
      held.push(answer);
    } else {
      answer();
    }
    notify();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    closed,
    release() {
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    arrived: (count) => until(() => requests.length >= count),
    closedCount: (count) => until(() => closed.length >= count),
    close() {
      waiters = [];
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

@Api("/pets")
export class PetApi {
  @Get("/:id") getPet(@Params("id") _id: number, @Query("hold") _hold?: 1): Promise<Pet> {
    return null!;
  }
  @Get() listPets(
    @Query("page") _page: number,
    @Query("size") _size: number,
    @Query("q") _q?: string,
  ): Promise<PetPage> {
    return null!;
  }
  /** Server-sent events: pets 1 to 3, then the stream stays open; `tag` tells connections apart. */
  @Get("/feed") @ResponseType("stream") feed(
    @Query("tag") _tag?: string,
  ): Promise<KitServerSentEvents<Pet>> {
    return null!;
  }
  /** Stores the form's file; `?hold=1` holds the answer. */
  @Post("/photos")
  @ContentType("multipart/form-data")
  uploadPhoto(
    @Data() _form: FormData,
    @Query("hold") _hold?: 1,
  ): Promise<{ name: string; bytes: number }> {
    return null!;
  }
  /** A CSV of 500 pets named `pets-<year>.csv`; the year 404 answers 404. */
  @Get("/export") @ResponseType("blob") exportPets(
    @Query("year") _year: number,
    @Query("hold") _hold?: 1,
  ): Promise<Blob> {
    return null!;
  }
  /** The same CSV read as text, as a generated `text/csv` method reads it. */
  @Get("/export") @ResponseType("text") exportText(@Query("year") _year: number): Promise<string> {
    return null!;
  }
  /** Answers an envelope: `{ code: 0, message: "fine", data }`, else code 4001 "out of stock". */
  @Get("/envelope") envelope(@Query("ok") _ok: 0 | 1): Promise<Pet> {
    return null!;
  }
  /** 204, or 404 for the pet 404. */
  @Delete("/:id") removePet(
    this: KitErrors<{ 404: { error: string } }>,
    @Params("id") _id: number,
  ): Promise<void> {
    return null!;
  }
  @Post() addPet(@Data() _pet: { name: string }): Promise<Pet> {
    return null!;
  }
}

/**
 * The API object of `PetApi` on a fresh server class for `origin`. Without a timeout, so a held
 * request's connection closes only when the client aborts it.
 */
export function petApiFor(origin: string, ...plugins: KitPlugin[]) {
  @Server({ baseURL: origin, timeout: 0 })
  class PetService extends KitServer<{ code: number; message: string }> {}
  const service = new PetService();
  for (const plugin of plugins) service.use(plugin);
  return service.createApi(PetApi);
}
