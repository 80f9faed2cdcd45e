import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  Api,
  Get,
  isKitRequestError,
  type KitRequestErrorKind,
  type KitServerOptions,
} from "../../src/index.js";
import { serviceFor } from "../support/service.js";
import { type FaultServer, startFaultServer } from "./fault-server.js";
import { type Outcome, outcomeOf, trackUnhandledRejections } from "./outcome.js";

let server: FaultServer;
const unhandled = trackUnhandledRejections();
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(async () => {
  unhandled.stop();
  await server.close();
});

interface Row {
  fault: string;
  options?: KitServerOptions;
  during?: Parameters<typeof outcomeOf>[1];
  /** An error kind, or a check of the result data. */
  expected: KitRequestErrorKind | ((data: unknown) => void);
}

function send(row: Row): Promise<Outcome> {
  @Api("/")
  class Faults {
    @Get(row.fault.slice(1)) hit(): Promise<unknown> {
      return null!;
    }
  }
  const api = serviceFor(server.origin, { timeout: 2000, ...row.options }).createApi(Faults);
  return outcomeOf(api.hit(), row.during);
}

/** Aborts once the server has flushed the headers and the first body bytes. */
async function abortAfterHeaders(method: { abort(reason?: unknown): void }): Promise<void> {
  await once(server.events, "headers-sent", { signal: AbortSignal.timeout(2000) });
  await new Promise((resolve) => setTimeout(resolve, 20));
  method.abort("body");
}

const ROWS: Record<string, Row> = {
  "connection reset before headers": { fault: "/reset-before-headers", expected: "network" },
  "connection reset after headers": { fault: "/reset-after-headers", expected: "network" },
  "server closes mid-body": { fault: "/close-mid-body", expected: "network" },
  "no headers within the timeout": {
    fault: "/stall-before-headers",
    options: { timeout: 100 },
    expected: "timeout",
  },
  "body stalls past the timeout": {
    fault: "/stall-mid-body",
    options: { timeout: 100 },
    expected: "timeout",
  },
  "body trickles slower than the timeout": {
    fault: "/trickle",
    options: { timeout: 300 },
    expected: "timeout",
  },
  "1 MB JSON body": {
    fault: "/json-1mb",
    expected: (data) => expect((data as { filler: string }).filler).toHaveLength(1024 * 1024 - 12),
  },
  "50 MB JSON body": {
    fault: "/json-50mb",
    options: { timeout: 20_000 },
    expected: (data) =>
      expect((data as { filler: string }).filler).toHaveLength(50 * 1024 * 1024 - 12),
  },
  "invalid UTF-8 inside a JSON string": {
    fault: "/invalid-utf8-in-string",
    expected: (data) => expect(data).toEqual({ name: "\uFFFD\uFFFD" }),
  },
  "invalid UTF-8 where JSON needs structure": { fault: "/invalid-utf8-as-json", expected: "parse" },
  "empty body with a JSON content type": {
    fault: "/empty-json",
    expected: (data) => expect(data).toBeUndefined(),
  },
  "204 where a strict envelope is expected": {
    fault: "/no-content",
    options: { envelope: "strict" },
    expected: (data) => expect(data).toBeUndefined(),
  },
  "redirect loop": { fault: "/redirect-loop", expected: "network" },
  "redirect loop, fetch adapter (Kit follows the hops)": {
    fault: "/redirect-loop",
    options: { adapter: "fetch" },
    expected: "network",
  },
  "abort before the request leaves": {
    fault: "/ok",
    during: (method) => method.abort("early"),
    expected: "abort",
  },
  "abort while connecting": {
    fault: "/stall-before-headers",
    during: (method) => setImmediate(() => method.abort("connect")),
    expected: "abort",
  },
  "abort during the body": {
    fault: "/stall-mid-body",
    during: (method) => void abortAfterHeaders(method),
    expected: "abort",
  },
};

describe("send() against a misbehaving server", () => {
  test.each(Object.entries(ROWS))("%s", async (_, row) => {
    const outcome = await send(row);
    if (typeof row.expected === "string") {
      expect(outcome.settled).toBe("rejected");
      expect(isKitRequestError(outcome.value)).toBe(true);
      expect(outcome.value).toMatchObject({ kind: row.expected });
      expect(outcome).toMatchObject({ successCalls: 0, errorCalls: 1, finishCalls: 1 });
    } else {
      expect(outcome.settled, String((outcome.value as Error)?.message)).toBe("resolved");
      row.expected((outcome.value as { data: unknown }).data);
      expect(outcome).toMatchObject({ successCalls: 1, errorCalls: 0, finishCalls: 1 });
    }
  });

  test("no rejection went unhandled", async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled.reasons).toEqual([]);
  });
});
