import { readFile } from "node:fs/promises";
import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/**
 * A built app's files on 127.0.0.1, with requests below `prefix` passed on to `target` (as a
 * production web server or a Vite `server.proxy` passes API calls to the backend).
 */
export async function serveApp(
  dist: string,
  proxy: { readonly prefix: string; readonly target: string },
): Promise<{ readonly origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname.startsWith(proxy.prefix)) {
      const outgoing = forward(new URL(request.url ?? "/", proxy.target), {
        method: request.method,
        headers: request.headers,
      });
      outgoing.on("response", (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      outgoing.on("error", () => response.writeHead(502).end());
      request.pipe(outgoing);
      return;
    }
    const path = normalize(join(dist, url.pathname === "/" ? "index.html" : url.pathname));
    if (!path.startsWith(dist)) return void response.writeHead(403).end();
    readFile(path).then(
      (body) =>
        response
          .writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
