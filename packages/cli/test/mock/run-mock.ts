import { setTimeout as sleep } from "node:timers/promises";
import { runCli } from "../../src/cli/run-cli.js";
import { captureIo } from "../cli/capture-io.js";

export interface MockUnderTest {
  url: string;
  /** Lines printed so far: the ready line, then one per request. */
  out: string[];
  err: string[];
  stop(): Promise<number>;
}

/** Runs `kit mock …args` in this process on a free port and waits for its ready line. */
export async function runMock(args: readonly string[], cwd: string): Promise<MockUnderTest> {
  const controller = new AbortController();
  const io = { ...captureIo(cwd), signal: controller.signal };
  const exit = runCli(["mock", "--port", "0", ...args], io);
  let code: number | undefined;
  void exit.then((value) => {
    code = value;
  });
  while (io.out.length === 0) {
    if (code !== undefined) throw new Error(`kit mock exited with ${code}: ${io.err.join("\n")}`);
    await sleep(10);
  }
  const url = /at (http:\/\/\S+)/.exec(io.out[0]!)?.[1];
  if (url === undefined) throw new Error(`no URL in ${io.out[0]}`);
  return {
    url,
    out: io.out,
    err: io.err,
    stop: async () => {
      controller.abort();
      return exit;
    },
  };
}
