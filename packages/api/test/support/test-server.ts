import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the server received, as the echo routes answer it. */
export interface Echo {
  method: string;
  /** Path and query exactly as they arrived on the wire. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

type Route = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void;

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(value));
}

const routes: Record<string, Route> = {
  "/envelope/ok": (_, res) => json(res, 200, { code: 0, message: "ok", data: { id: 1 } }),
  "/envelope/business": (_, res) => json(res, 200, { code: 1001, message: "余额不足", data: null }),
  "/envelope/custom": (_, res) => json(res, 200, { status: "OK", msg: "fine", result: [7] }),
  "/plain": (_, res) => json(res, 200, [1, 2, 3]),
  "/stripe-list": (_, res) =>
    json(res, 200, {
      object: "list",
      data: [{ id: "cus_1" }],
      has_more: true,
      url: "/v1/customers",
    }),
  "/config-map": (_, res) =>
    json(res, 200, { kind: "ConfigMap", metadata: { name: "app" }, data: { mode: "fast" } }),
  "/envelope/message-only": (_, res) => json(res, 200, { message: "ok", data: [4] }),
  "/not-found": (_, res) => json(res, 404, { error: "no such pet" }),
  "/crash": (_, res) => {
    res.writeHead(500, { "content-type": "text/html" });
    res.end("<html><body>boom</body></html>");
  },
  "/invalid-json": (_, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{oops");
  },
  "/text": (_, res) => {
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("hello 你好");
  },
  "/binary": (_, res) => {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    res.end(Buffer.from([1, 2, 3, 255]));
  },
  "/empty": (_, res) => {
    res.writeHead(204);
    res.end();
  },
  "/reset": (req) => req.socket.destroy(),
  "/body-length": (_, res, body) => json(res, 200, { length: body.length }),
  "/slow": (req, res) => {
    const ms = Number(new URL(req.url!, "http://x").searchParams.get("ms") ?? 1000);
    const timer = setTimeout(() => json(res, 200, { waited: ms }), ms);
    res.on("close", () => clearTimeout(timer));
  },
};

function echo(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value);
  const answer: Echo = {
    method: req.method!,
    url: req.url!,
    headers,
    body: body.toString("latin1"),
  };
  // HEAD answers carry no body; the echo travels in a header instead.
  res.writeHead(200, {
    "content-type": "application/json",
    "x-echo": encodeURIComponent(JSON.stringify(answer)),
  });
  res.end(req.method === "HEAD" ? undefined : JSON.stringify(answer));
}

/** A real HTTP server on 127.0.0.1 and a free port; paths not listed in `routes` echo the request. */
export async function startTestServer(): Promise<TestServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const pathname = new URL(req.url!, "http://x").pathname;
      (routes[pathname] ?? echo)(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
