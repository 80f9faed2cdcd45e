import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../../packages/cli/dist/bin.js", import.meta.url));

/** One request as `kit mock` logged it. */
export interface MockRequest {
  readonly method: string;
  /** Path and query, as the request named them: `/api/shelter/pets?page=1&size=5`. */
  readonly target: string;
  readonly status: number;
}

export interface KitMock {
  readonly origin: string;
  /** Every request the mock answered, in order, from its log lines. */
  readonly requests: MockRequest[];
  close(): Promise<void>;
}

/**
 * `kit mock -i <document> --port 0` as its own process, as a developer runs it; resolves when its
 * ready line names the port. The log line of each answer (`GET /pets?page=1 → 200 …`) is what the
 * tests read to see what the page sent.
 */
export function startKitMock(document: string): Promise<KitMock> {
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, "mock", "-i", document, "--port", "0"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const requests: MockRequest[] = [];
  let errors = "";
  child.stderr?.on("data", (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const failed = (why: string) => reject(new Error(`kit mock did not start: ${why} ${errors}`));
    child.once("exit", (code) => failed(`it exited with ${code}.`));
    lines.on("line", (line) => {
      const ready = / at (http:\/\/127\.0\.0\.1:\d+) /.exec(line);
      if (ready) resolve({ origin: ready[1]!, requests, close });
      const answered = /^(\S+) (\S+) → (\d{3})\b/.exec(line);
      if (answered) {
        requests.push({ method: answered[1]!, target: answered[2]!, status: Number(answered[3]) });
      }
    });
  });
}
