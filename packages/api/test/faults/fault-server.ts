import { EventEmitter } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { settleConnections } from "../support/settle.js";

/** A loopback server whose routes misbehave on purpose, one fault per path. */
export interface FaultServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Emits `"headers-sent"` once a stalling route has flushed its headers. */
  readonly events: EventEmitter;
  /** Closes the kept-alive connections and resolves once the server holds none. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

type Fault = (request: IncomingMessage, response: ServerResponse, server: FaultServer) => void;

const JSON_HEADERS = { "content-type": "application/json" };

/** Headers and the first bytes of a JSON body that never ends. */
function stallMidBody(response: ServerResponse, server: FaultServer): void {
  response.writeHead(200, { ...JSON_HEADERS, "content-length": "1000" });
  response.write('{"partial":', () => server.events.emit("headers-sent"));
}

function jsonOfSize(bytes: number): Buffer {
  const filler = "x".repeat(Math.max(0, bytes - 12));
  return Buffer.from(`{"filler":"${filler}"}`);
}

const faults: Record<string, Fault> = {
  "/ok": (_, res) => {
    res.writeHead(200, JSON_HEADERS);
    res.end('{"ok":true}');
  },
  "/missing": (_, res) => {
    res.writeHead(404, JSON_HEADERS);
    res.end('{"error":"missing"}');
  },
  "/reset-before-headers": (req) => req.socket.resetAndDestroy(),
  "/reset-after-headers": (req, res) => {
    res.writeHead(200, { ...JSON_HEADERS, "content-length": "1000" });
    res.write('{"partial":', () => req.socket.resetAndDestroy());
  },
  "/close-mid-body": (req, res) => {
    res.writeHead(200, { ...JSON_HEADERS, "content-length": "1000" });
    res.write('{"partial":', () => req.socket.end());
  },
  "/stall-before-headers": () => {},
  "/stall-mid-body": (_, res, server) => stallMidBody(res, server),
  /** One byte every 20 ms: never idle for long, but slower than any short timeout overall. */
  "/trickle": (_, res) => {
    res.writeHead(200, { ...JSON_HEADERS, "content-length": "200" });
    let sent = 0;
    const timer = setInterval(() => {
      res.write(" ");
      if (++sent === 199) {
        clearInterval(timer);
        res.end("1");
      }
    }, 20);
    res.on("close", () => clearInterval(timer));
  },
  "/json-1mb": (_, res) => {
    res.writeHead(200, JSON_HEADERS);
    res.end(jsonOfSize(1024 * 1024));
  },
  "/json-50mb": (_, res) => {
    res.writeHead(200, JSON_HEADERS);
    res.end(jsonOfSize(50 * 1024 * 1024));
  },
  /** Invalid UTF-8 inside a JSON string: decoded leniently, like `fetch`'s `response.json()`. */
  "/invalid-utf8-in-string": (_, res) => {
    res.writeHead(200, JSON_HEADERS);
    res.end(
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    );
  },
  /** Invalid UTF-8 where JSON needs structure. */
  "/invalid-utf8-as-json": (_, res) => {
    res.writeHead(200, JSON_HEADERS);
    res.end(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
  },
  "/empty-json": (_, res) => {
    res.writeHead(200, { ...JSON_HEADERS, "content-length": "0" });
    res.end();
  },
  "/no-content": (_, res) => {
    res.writeHead(204, JSON_HEADERS);
    res.end();
  },
  "/redirect-loop": (_, res) => {
    res.writeHead(302, { location: "/redirect-loop" });
    res.end();
  },
};

export async function startFaultServer(): Promise<FaultServer> {
  const events = new EventEmitter();
  const http = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const fault = faults[new URL(req.url!, "http://x").pathname] ?? faults["/missing"]!;
      fault(req, res, server);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  const server: FaultServer = {
    origin: `http://127.0.0.1:${port}`,
    events,
    settle: () => settleConnections(http),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}
