import {
  type AxiosAdapter,
  type AxiosRequestConfig,
  getAdapter,
  type InternalAxiosRequestConfig,
  isAxiosError,
} from "axios";
import { type AnyKitMethod, methodInternals } from "../core/method.js";
import type { KitResult } from "../core/result.js";
import type { TransportExtra } from "../core/transport.js";
import { isByteStream, readText } from "./byte-stream.js";
import type { KitByteStream } from "./types.js";

/**
 * One send of a stream method: `headers` added, aborted by `signal` until its body ends, without
 * a timeout once the response has begun (Kit's own deadline still bounds the wait for it), and
 * through an adapter that streams: the xhr adapter cannot, so the browser uses fetch instead.
 */
export async function connect(
  method: AnyKitMethod,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
): Promise<KitResult<unknown, KitByteStream>> {
  const { server } = methodInternals.endpoint(method);
  const names = streamingAdapters(server.options.adapter);
  const adapter: AxiosAdapter = async (config) => {
    for (const [name, value] of Object.entries(headers)) config.headers.set(name, value);
    config.signal = follow(config.signal, signal);
    try {
      return await getAdapter(names, config)(config);
    } catch (error) {
      await readErrorStream(error);
      throw error;
    }
  };
  const config: AxiosRequestConfig = { adapter, timeout: 0 };
  return methodInternals.send(method, [], config as TransportExtra) as Promise<
    KitResult<unknown, KitByteStream>
  >;
}

/** The server's adapters without xhr, which buffers the whole body; fetch stands in for it. */
function streamingAdapters(
  configured: AxiosRequestConfig["adapter"],
): AxiosRequestConfig["adapter"] {
  if (typeof configured === "function") return configured;
  // axios's own default is xhr, http, fetch.
  const names = (Array.isArray(configured) ? configured : [configured ?? "http"]).filter(
    (name) => name !== "xhr",
  );
  return names.includes("fetch") ? names : [...names, "fetch"];
}

/** A signal aborted by either source. */
function follow(kit: InternalAxiosRequestConfig["signal"], mine: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort();
  for (const source of [kit, mine]) {
    if (!source) continue;
    if (source.aborted) abort();
    else source.addEventListener?.("abort", abort);
  }
  return controller.signal;
}

/** An error response's body arrives as a stream too; Kit reports it as text (or its JSON). */
async function readErrorStream(error: unknown): Promise<void> {
  const response = isAxiosError(error) ? error.response : undefined;
  if (response && isByteStream(response.data)) {
    try {
      response.data = await readText(response.data);
    } catch {
      response.data = "";
    }
  }
}
