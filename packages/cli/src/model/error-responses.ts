import type { Operation } from "./operation.js";
import type { TypeSource } from "./type-source.js";

/** A declared error response: its key in the runtime's `KitErrors` map, and its body's type. */
export interface ErrorResponse {
  /** `404`, a range in upper case (`4XX`), or `default`. */
  status: string;
  type: TypeSource;
}

/**
 * The error responses' bodies as the runtime reports them: JSON parsed and typed by its schema (an
 * inline object in place), other content as the text it is read as, none as `unknown`. Never
 * unwrapped: envelopes only wrap 2xx bodies. Keys that differ only in case (`4xx`, `4XX`) are one
 * status; the first in sorted order is kept.
 */
export function errorResponses(operation: Operation): ErrorResponse[] {
  const byStatus = new Map<string, TypeSource>();
  for (const response of operation.errors) {
    const status = /^default$/i.test(response.status) ? "default" : response.status.toUpperCase();
    if (byStatus.has(status)) continue;
    byStatus.set(
      status,
      response.kind === "json" && response.schema
        ? { schema: response.schema }
        : { text: response.kind === undefined || response.kind === "json" ? "unknown" : "string" },
    );
  }
  return [...byStatus].map(([status, type]) => ({ status, type }));
}
