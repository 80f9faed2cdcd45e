import { answersAlways } from "../core/chain.js";
import { isKitRequestError } from "../core/errors.js";
import type { KitPlugin } from "../core/plugin.js";
import type { KitHttpMethod } from "../core/vocabulary.js";
import { requireFunction } from "./plugin-options.js";

/** One logged moment of a send: when it starts, and how it ended. */
export type KitLogEvent =
  | (KitLogTarget & { type: "request" })
  | (KitLogTarget & { type: "success"; status: number; fromCache: boolean; durationMs: number })
  | (KitLogTarget & {
      type: "error";
      kind: string;
      status: number | undefined;
      durationMs: number;
    });

export interface KitLogTarget {
  /** The server's `name` option, else its baseURL. */
  server: string;
  /** `"PetApi.getPetById"`. */
  api: string;
  method: KitHttpMethod;
  url: string;
}

export interface LoggerOptions {
  /** Receives every line with its event; default `console.info`, and `console.warn` for errors. */
  sink?: (line: string, event: KitLogEvent) => void;
}

/**
 * Logs one line when a send starts and one when it ends, with the duration and the status or the
 * error kind. Registered first it logs each send once; registered inside `retry`, each attempt.
 */
export function logger(options: LoggerOptions = {}): KitPlugin {
  const sink = options.sink ?? consoleSink;
  requireFunction("logger", "sink", sink);
  return answersAlways({
    name: "logger",
    async request(ctx, next) {
      // Events are written out field by field: spreading a shared target costs more than the rest.
      const server = ctx.server.options.name;
      const api = `${ctx.api}.${ctx.method}`;
      const { method, url } = ctx.request;
      const where = `${method} ${url}`;
      sink(`[${server}] → ${where} ${api}`, { type: "request", server, api, method, url });
      const started = performance.now();
      try {
        const result = await next();
        const durationMs = performance.now() - started;
        const { status, fromCache } = result;
        const source = fromCache ? " (cache)" : "";
        sink(`[${server}] ← ${status} ${where} ${ms(durationMs)}${source}`, {
          type: "success",
          server,
          api,
          method,
          url,
          status,
          fromCache,
          durationMs,
        });
        return result;
      } catch (error) {
        const durationMs = performance.now() - started;
        const kind = isKitRequestError(error) ? error.kind : "unknown";
        const status = isKitRequestError(error) ? error.status : undefined;
        const outcome = status === undefined ? kind : `${kind} ${status}`;
        sink(`[${server}] ✗ ${outcome} ${where} ${ms(durationMs)}`, {
          type: "error",
          server,
          api,
          method,
          url,
          kind,
          status,
          durationMs,
        });
        throw error;
      }
    },
  });
}

function ms(duration: number): string {
  return `${duration.toFixed(1)}ms`;
}

function consoleSink(line: string, event: KitLogEvent): void {
  if (event.type === "error") console.warn(line);
  else console.info(line);
}
