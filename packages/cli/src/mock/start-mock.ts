import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { KitGenerateError } from "../errors.js";
import { listOperations } from "../model/build-operations.js";
import { Warnings } from "../model/warnings.js";
import type { LoadedDocument } from "../openapi/load.js";
import { createMockHandler, type MockExchange, type MockOptions } from "./mock-handler.js";

export interface MockServerOptions extends MockOptions {
  /** The address to listen on. */
  host: string;
  /** 0: any free port. */
  port: number;
}

export interface RunningMock {
  /** `http://127.0.0.1:4010` */
  url: string;
  operations: number;
  /**
   * Serves another document (or the same one changed) on the same port, with new options but
   * the same address; requests already being answered finish with the old one.
   */
  reload(loaded: LoadedDocument, options: MockOptions): void;
  close(): Promise<void>;
}

/** Serves `loaded` on `host:port` until closed; a port in use is one clear error. */
export async function startMock(
  loaded: LoadedDocument,
  options: MockServerOptions,
  onExchange: (exchange: MockExchange) => void,
): Promise<RunningMock> {
  const handlerFor = (document: LoadedDocument, served: MockOptions) => {
    // The generator reports the document's warnings; the mock serves what it can.
    const operations = [...listOperations(document, { warnings: new Warnings(document.locate) })];
    const handler = createMockHandler(
      document,
      operations,
      { ...served, host: options.host },
      onExchange,
    );
    return { handler, operations: operations.length };
  };
  let current = handlerFor(loaded, options);
  const server = createServer((request, response) => current.handler(request, response));
  await listen(server, options.host, options.port);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const running: RunningMock = {
    url: `http://${host}:${port}`,
    operations: current.operations,
    reload(document, served) {
      current = handlerFor(document, served);
      running.operations = current.operations;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return running;
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      const reason =
        error.code === "EADDRINUSE"
          ? `${where} is already in use; pass another --port`
          : error.code === "EACCES"
            ? `no permission to listen on ${where}`
            : error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND"
              ? `cannot listen on ${where}: no such address on this machine`
              : `cannot listen on ${where} (${error.code ?? error.message})`;
      reject(new KitGenerateError(reason, {}, { cause: error }));
    });
    server.listen(port, host, () => resolve());
  });
}
