import { type KitMethod, methodInternals } from "../core/method.js";
import type { KitResult } from "../core/result.js";
import { type KitProgress, type KitProgressListener, ProgressReporter } from "./throttle.js";

export type { KitProgress, KitProgressListener };

export interface KitProgressOptions {
  /** Reports of the request body going out. */
  upload?: KitProgressListener;
  /** Reports of the response body coming in. */
  download?: KitProgressListener;
  /** The least time between two reports of one direction, in milliseconds; default 200. */
  interval?: number;
}

/**
 * `method.send(...args)` with upload and download progress reports, over whichever axios adapter
 * the server uses (xhr, fetch, http). Every report of this send is delivered before it settles.
 */
export function sendWithProgress<T, Args extends readonly unknown[], Envelope, Errors>(
  method: KitMethod<T, Args, Envelope, Errors>,
  options: KitProgressOptions,
  ...args: Args | []
): Promise<KitResult<Envelope, T>> {
  const interval = options.interval ?? 200;
  const upload = options.upload && new ProgressReporter(options.upload, interval);
  const download = options.download && new ProgressReporter(options.download, interval);
  // axios's request config keys; its adapters call them as the bytes move.
  const config: Record<string, unknown> = {};
  if (upload) config.onUploadProgress = upload.onEvent;
  if (download) config.onDownloadProgress = download.onEvent;
  const settled = () => {
    upload?.flush();
    download?.flush();
  };
  const sent = methodInternals.send(method, args, config) as Promise<KitResult<Envelope, T>>;
  return sent.then(
    (result) => {
      settled();
      return result;
    },
    (error: unknown) => {
      settled();
      throw error;
    },
  );
}
