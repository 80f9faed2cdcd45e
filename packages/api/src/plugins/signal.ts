/**
 * An AbortController that follows `parent`: aborting the parent aborts it, but aborting it leaves
 * the parent alone. `release()` detaches it so a long-lived parent does not keep listeners alive.
 */
export function childController(parent: AbortSignal): {
  controller: AbortController;
  release(): void;
} {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, release: () => {} };
  }
  const follow = (): void => controller.abort(parent.reason);
  parent.addEventListener("abort", follow);
  return { controller, release: () => parent.removeEventListener("abort", follow) };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort);
  });
}
