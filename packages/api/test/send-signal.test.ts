import { spawn } from "node:child_process";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { Api, Get, KitAbortError, KitOptionsError, KitTimeoutError, Params } from "../src/index.js";
import { failure } from "./support/failure.js";
import { serviceFor } from "./support/service.js";

/**
 * A loopback server whose `/hang/:id` answers only when told to, and which reports how each
 * request ended: `answered`, or `closed` when the client hung up before the answer.
 */
interface HangServer {
  readonly origin: string;
  /** Resolves when request `id` arrived. */
  arrived(id: string): Promise<void>;
  /** Resolves with how request `id` ended. */
  ended(id: string): Promise<"answered" | "closed">;
  answer(id: string): void;
  /** Ids of every request that reached the server. */
  readonly seen: string[];
  close(): Promise<void>;
}

interface Slot<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

function slot<T>(map: Map<string, Slot<T>>, id: string): Slot<T> {
  let entry = map.get(id);
  if (!entry) {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((done) => {
      resolve = done;
    });
    entry = { promise, resolve };
    map.set(id, entry);
  }
  return entry;
}

async function startHangServer(): Promise<HangServer> {
  const waiting = new Map<string, ServerResponse>();
  const arrivals = new Map<string, Slot<void>>();
  const endings = new Map<string, Slot<"answered" | "closed">>();
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const id = req.url!.split("/").pop()!;
    seen.push(id);
    waiting.set(id, res);
    res.on("close", () => slot(endings, id).resolve(res.writableEnded ? "answered" : "closed"));
    slot(arrivals, id).resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    arrived: (id) => slot(arrivals, id).promise,
    ended: (id) => slot(endings, id).promise,
    answer: (id) => {
      waiting.get(id)!.writeHead(200, { "content-type": "application/json" });
      waiting.get(id)!.end(JSON.stringify({ id }));
    },
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let hang: HangServer;
beforeAll(async () => {
  hang = await startHangServer();
});
afterAll(() => hang.close());

@Api("/hang", { name: "HangApi" })
class HangApi {
  @Get("/:id") wait(@Params("id") _id: string): Promise<{ id: string }> {
    return null!;
  }
}

const api = (timeout = 10_000) => serviceFor(hang.origin, { timeout }).createApi(HangApi);

describe("sendWith({ signal })", () => {
  test("aborting the signal aborts the send: it rejects with the reason and the server sees the connection closed", async () => {
    const controller = new AbortController();
    const sent = failure(api().wait("a1").sendWith({ signal: controller.signal }));
    await hang.arrived("a1");
    controller.abort("component unmounted");
    const error = await sent;
    expect(error).toBeInstanceOf(KitAbortError);
    expect(error).toMatchObject({ kind: "abort", reason: "component unmounted" });
    expect((error as KitAbortError).api).toBe("HangApi.wait");
    expect(await hang.ended("a1")).toBe("closed");
  });

  test("an already aborted signal sends nothing", async () => {
    const error = await failure(
      api()
        .wait("a2")
        .sendWith({ signal: AbortSignal.abort("late") }),
    );
    expect(error).toMatchObject({ kind: "abort", reason: "late" });
    const later = api().wait("a2-after").send();
    await hang.arrived("a2-after");
    hang.answer("a2-after");
    await later;
    expect(hang.seen).not.toContain("a2");
  });

  test("aborts only its own send; another send of the same method object completes", async () => {
    const controller = new AbortController();
    const method = api().wait("a3");
    const aborted = failure(method.sendWith({ signal: controller.signal }));
    const other = method.sendWith({}, "a3-other");
    await hang.arrived("a3");
    await hang.arrived("a3-other");
    controller.abort();
    expect(await aborted).toBeInstanceOf(KitAbortError);
    hang.answer("a3-other");
    expect((await other).data).toEqual({ id: "a3-other" });
    expect(await hang.ended("a3")).toBe("closed");
  });

  test("abort() still aborts a send that has a signal", async () => {
    const controller = new AbortController();
    const method = api().wait("a4");
    const sent = failure(method.sendWith({ signal: controller.signal }));
    await hang.arrived("a4");
    method.abort("by abort()");
    expect(await sent).toMatchObject({ kind: "abort", reason: "by abort()" });
    expect(controller.signal.aborted).toBe(false);
    expect(await hang.ended("a4")).toBe("closed");
  });

  test("the timeout still applies to a send that has a signal", async () => {
    const controller = new AbortController();
    const error = await failure(api(50).wait("a5").sendWith({ signal: controller.signal }));
    expect(error).toBeInstanceOf(KitTimeoutError);
    expect(controller.signal.aborted).toBe(false);
    expect(await hang.ended("a5")).toBe("closed");
  });

  test("a signal that never aborts changes nothing; arguments replace the stored ones as in send()", async () => {
    const method = api().wait("unused");
    const sent = method.sendWith({ signal: new AbortController().signal }, "a6");
    await hang.arrived("a6");
    hang.answer("a6");
    expect((await sent).data).toEqual({ id: "a6" });
    expect(method.args).toEqual(["a6"]);
  });

  test("aborting the signal after the send finished affects no later send", async () => {
    const controller = new AbortController();
    const method = api().wait("a7");
    const first = method.sendWith({ signal: controller.signal });
    await hang.arrived("a7");
    hang.answer("a7");
    await first;
    controller.abort();
    const second = method.send("a7-again");
    await hang.arrived("a7-again");
    hang.answer("a7-again");
    expect((await second).data).toEqual({ id: "a7-again" });
  });

  test("a signal that is not an AbortSignal is refused with one line naming the method", async () => {
    const bad = { signal: "stop" } as unknown as { signal: AbortSignal };
    const error = await failure(api().wait("a8").sendWith(bad));
    expect(error).toBeInstanceOf(KitOptionsError);
    expect((error as Error).message).toBe(
      "HangApi.wait.sendWith({ signal }) needs an AbortSignal, got string",
    );
    expect(hang.seen).not.toContain("a8");
  });
});

describe("timeout", () => {
  /** Milliseconds from now until `promise` settles, and what it rejected with. */
  /** The time from the send's start (its timer starts inside `send()`) to its failure. */
  async function timed(send: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
    const started = Date.now();
    const error = await failure(send());
    return { error, ms: Date.now() - started };
  }

  test("a send started after another one ended gets its whole time, not what was left of the other's", async () => {
    const method = api(400).wait("t1");
    const first = method.send();
    await hang.arrived("t1");
    hang.answer("t1");
    await first;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { error, ms } = await timed(() => api(400).wait("t2").send());
    expect(error).toBeInstanceOf(KitTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(390);
    expect(await hang.ended("t2")).toBe("closed");
  });

  test("sends with different timeouts each end at their own", async () => {
    const [long, short] = await Promise.all([
      timed(() => api(600).wait("t3").send()),
      timed(() => api(100).wait("t4").send()),
    ]);
    expect(long.error).toBeInstanceOf(KitTimeoutError);
    expect(short.error).toBeInstanceOf(KitTimeoutError);
    expect(short.ms).toBeLessThan(long.ms);
    expect(long.ms).toBeGreaterThanOrEqual(590);
  });

  test("without plugins the timeout aborts the send's own signal; with one, that signal stays unaborted for a retry", async () => {
    const plain = api(100).wait("t6");
    expect(await failure(plain.send())).toBeInstanceOf(KitTimeoutError);
    expect(plain.request?.signal.aborted).toBe(true);
    expect(plain.request?.signal.reason).toMatchObject({ name: "TimeoutError" });

    const server = serviceFor(hang.origin, { timeout: 100 });
    let seen: AbortSignal | undefined;
    server.use({
      name: "watch",
      request: (ctx, next) => {
        seen = ctx.request.signal;
        return next();
      },
    });
    const watched = server.createApi(HangApi).wait("t7");
    expect(await failure(watched.send())).toBeInstanceOf(KitTimeoutError);
    expect(seen?.aborted).toBe(false);
    expect(watched.request?.signal).toBe(seen);
  });

  test("a finished send's timeout does not keep the process alive", async () => {
    // A script that sends once with a one-minute timeout, as a command-line tool would; it must
    // exit once answered, not a minute later (the test's own time limit is shorter).
    const script = `
      import { Api, Get, KitServer, Server } from "@kit/api";
      class Shop extends KitServer {}
      Server({ baseURL: ${JSON.stringify(hang.origin)}, timeout: 60000 })(Shop);
      class HangApi { wait() {} }
      Get("/hang/t5")(HangApi.prototype, "wait", Object.getOwnPropertyDescriptor(HangApi.prototype, "wait"));
      Api()(HangApi);
      const result = await new Shop().createApi(HangApi).wait().send();
      console.log(JSON.stringify(result.data));
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: new URL("../../..", import.meta.url),
      stdio: ["ignore", "pipe", "inherit"],
    });
    onTestFinished(() => {
      child.kill();
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await hang.arrived("t5");
    hang.answer("t5");
    expect(await exited).toBe(0);
    expect(output.trim()).toBe('{"id":"t5"}');
  }, 30_000);
});
