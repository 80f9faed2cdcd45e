import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback server that answers every request with its URL, headers and body, and counts them. */
export interface CountingServer {
  readonly origin: string;
  readonly requests: number;
  close(): Promise<void>;
}

export async function startCountingServer(): Promise<CountingServer> {
  let requests = 0;
  const http = createServer((req, res) => {
    requests++;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ url: req.url, headers: req.headers, body }));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
