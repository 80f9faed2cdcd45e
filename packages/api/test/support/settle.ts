import type { Server } from "node:http";

/**
 * Closes the server's kept-alive connections and resolves once it holds none (5 s at most), so a
 * count of the process's handles does not depend on how many pooled sockets the client kept.
 */
export async function settleConnections(server: Server): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    server.closeIdleConnections();
    const open = await new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`${open} connections still open after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
