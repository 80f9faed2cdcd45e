import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export interface DocumentServer {
  url: string;
  /** Every request as method, path and the headers the tests look at. */
  requests: { path: string; authorization?: string; ifNoneMatch?: string }[];
  /** Replaces the document; its ETag changes with it. */
  setDocument(text: string): void;
  close(): Promise<void>;
}

/**
 * A loopback server for URL input: `/v3/api-docs` (JSON, with an ETag and 304 answers),
 * `/private` (needs `authorization: Bearer s3cret`), `/missing` (404), `/old` (302 to
 * `/v3/api-docs`), `/slow` (answers after 5 s), `/api.yaml` (the document as YAML text).
 */
export function useDocumentServer(): (document: string) => Promise<DocumentServer> {
  const servers: DocumentServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (initial) => {
    let text = initial;
    let version = 1;
    const requests: DocumentServer["requests"] = [];
    const timers = new Set<NodeJS.Timeout>();
    const server: Server = createServer((request: IncomingMessage, response) => {
      const path = request.url ?? "/";
      requests.push({
        path,
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        ...(request.headers["if-none-match"]
          ? { ifNoneMatch: request.headers["if-none-match"] }
          : {}),
      });
      const etag = `"v${version}"`;
      const send = (status: number, body = "", headers: Record<string, string> = {}) => {
        response.writeHead(status, headers);
        response.end(body);
      };
      switch (path) {
        case "/v3/api-docs":
          if (request.headers["if-none-match"] === etag) return send(304, "", { etag });
          return send(200, text, { "content-type": "application/json", etag });
        case "/private":
          if (request.headers.authorization !== "Bearer s3cret") return send(401, "no");
          return send(200, text, { "content-type": "application/json" });
        case "/old":
          return send(302, "", { location: "/v3/api-docs" });
        case "/slow": {
          const timer = setTimeout(() => send(200, text), 5000);
          timers.add(timer);
          return;
        }
        case "/api.yaml":
          return send(200, text, { "content-type": "application/yaml" });
        default:
          return send(404, "not here");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const handle: DocumentServer = {
      url: `http://127.0.0.1:${port}`,
      requests,
      setDocument(next) {
        text = next;
        version += 1;
      },
      close: () =>
        new Promise<void>((resolve) => {
          for (const timer of timers) clearTimeout(timer);
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
    servers.push(handle);
    return handle;
  };
}
