import { expect } from "vitest";

/** What a send that must fail rejected with; fails the test if it resolved. */
export function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("the send should have failed"),
    (error: unknown) => error,
  );
}
