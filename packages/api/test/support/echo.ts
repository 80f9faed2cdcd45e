import type { KitResult } from "../../src/index.js";
import type { Echo } from "./test-server.js";

/** The request the test server saw, read from the body or, for HEAD, from the `x-echo` header. */
export function echoOf(result: KitResult): Echo {
  const header = result.headers["x-echo"];
  if (typeof header === "string") return JSON.parse(decodeURIComponent(header)) as Echo;
  return result.data as Echo;
}
