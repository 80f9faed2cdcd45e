import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { settleConnections } from "../support/settle.js";

export interface SeenRequest {
  method: string;
  /** Path and query, as the server received them. */
  url: string;
  headers: IncomingHttpHeaders;
}

export type Handler = (request: SeenRequest, response: ServerResponse) => void;

export interface Loopback {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Every request received, in arrival order. */
  readonly seen: SeenRequest[];
  /** Replaces the handler for later requests. */
  handle(handler: Handler): void;
  /**
   * Closes the kept-alive connections and resolves once the server holds none, so a count of the
   * process's handles does not depend on how many pooled sockets the client happened to keep.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 with a free port; each test sets the answers it needs. */
export async function startLoopback(): Promise<Loopback> {
  const seen: SeenRequest[] = [];
  let handler: Handler = (_request, response) => json(response, 200, { ok: true });
  const server = createServer((incoming, response) => {
    const request = {
      method: incoming.method ?? "",
      url: incoming.url ?? "",
      headers: incoming.headers,
    };
    seen.push(request);
    incoming.resume();
    incoming.on("end", () => handler(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    handle(next) {
      handler = next;
    },
    settle: () => settleConnections(server),
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}
