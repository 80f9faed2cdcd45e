import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the loopback server received it, body whole. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RecordingServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  /** Every request so far, in arrival order; tests empty it with `received.length = 0`. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A server on 127.0.0.1 that keeps each request with its whole body, then lets `answer` reply:
 * what generated clients send, seen as bytes on the wire.
 */
export async function startRecordingServer(
  answer: (request: ReceivedRequest, response: ServerResponse) => void,
): Promise<RecordingServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: ReceivedRequest = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      received.push(entry);
      answer(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
