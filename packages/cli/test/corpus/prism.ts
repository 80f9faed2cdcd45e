import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { REPO_ROOT } from "./run-corpus.js";

const PRISM = `${REPO_ROOT}corpus/node_modules/@stoplight/prism-cli/dist/index.js`;

export interface RunningPrism {
  url: string;
  stop(): Promise<void>;
}

/** A port the system just handed out and released, for the mock server to take. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Any HTTP answer means the server is listening; a refused connection means not yet. */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request(url, { method: "OPTIONS" }, (response) => {
      response.resume();
      resolve(true);
    });
    probe.on("error", () => resolve(false));
    probe.end();
  });
}

/**
 * Starts `prism mock` for `document` on 127.0.0.1 and waits until it answers, at most
 * `timeoutMs`. Prism answers a request that violates the document with 422 and the violations
 * in an `sl-violations` header.
 */
export async function startPrism(document: string, timeoutMs: number): Promise<RunningPrism> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [PRISM, "mock", document, "-h", "127.0.0.1", "-p", String(port)],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (child.exitCode !== null)
      throw new Error(`prism mock exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) {
      await stop(child);
      throw new Error(`prism mock did not answer within ${timeoutMs} ms: ${stderr}`);
    }
    await sleep(200);
  }
  return { url, stop: () => stop(child) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
