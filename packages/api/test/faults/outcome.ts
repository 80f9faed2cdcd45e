import type { KitMethod } from "../../src/index.js";

/** How one `send()` ended, and how often each listener kind fired for it. */
export interface Outcome {
  settled: "resolved" | "rejected";
  value: unknown;
  successCalls: number;
  errorCalls: number;
  finishCalls: number;
}

/**
 * Sends once with listeners attached and counts what fired. `during` runs right after the send
 * started, for aborts.
 */
export async function outcomeOf(
  method: KitMethod<unknown>,
  during: (method: KitMethod<unknown>) => void = () => {},
): Promise<Outcome> {
  const counts = { successCalls: 0, errorCalls: 0, finishCalls: 0 };
  const unsubscribe = [
    method.onSuccess(() => counts.successCalls++),
    method.onError(() => counts.errorCalls++),
    method.onFinish(() => counts.finishCalls++),
  ];
  const sent = method.send();
  during(method);
  try {
    return { settled: "resolved", value: await sent, ...counts };
  } catch (error) {
    return { settled: "rejected", value: error, ...counts };
  } finally {
    for (const off of unsubscribe) off();
  }
}

/** Collects unhandled rejections for as long as it is installed. */
export function trackUnhandledRejections(): { reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = [];
  const listener = (reason: unknown) => reasons.push(reason);
  process.on("unhandledRejection", listener);
  return { reasons, stop: () => process.off("unhandledRejection", listener) };
}
