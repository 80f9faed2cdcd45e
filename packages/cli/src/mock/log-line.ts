import { singleLine } from "../errors.js";
import type { MockExchange } from "./mock-handler.js";

/**
 * `GET /pets/1 → 200 application/json getPet 1.2 ms`, with the first violation of a 422.
 * Control characters of the request target are escaped so a line stays one line.
 */
export function logLine(exchange: MockExchange): string {
  const parts = [exchange.method, exchange.target, "→", String(exchange.status)];
  if (exchange.response?.contentType !== undefined) parts.push(exchange.response.contentType);
  if (exchange.operation !== undefined)
    parts.push(
      exchange.operation.operationId ??
        `${exchange.operation.verb.toUpperCase()} ${exchange.operation.path}`,
    );
  const first = exchange.problems[0];
  if (first !== undefined) {
    const more = exchange.problems.length > 1 ? ` (+${exchange.problems.length - 1} more)` : "";
    parts.push(`${first.location}: ${first.message}${more}`);
  }
  parts.push(`${exchange.milliseconds.toFixed(1)} ms`);
  return singleLine(parts.join(" "));
}
