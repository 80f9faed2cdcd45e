import type { KitMethodOf } from "../core/method.js";
import type { KitMethodError } from "../core/method-errors.js";
import type { KitResult } from "../core/result.js";
import { downloadedFile } from "../download/index.js";
import { type KitProgress, sendWithProgress } from "../progress/index.js";
import { pageToSaveIn, saveFile } from "./save-file.js";
import type { KitFactoryArgs, KitSendOutcome } from "./types.js";

/**
 * What the download strategies take: a function that builds a method answering a `Blob`, or
 * text (a generated `text/csv` method), which is saved with the response's media type.
 */
export type KitBlobFactory = (...args: never) => KitMethodOf<Blob> | KitMethodOf<string>;

export interface KitDownloadState<E> {
  readonly loading: boolean;
  /** The latest report of the response body coming in. */
  readonly progress: KitProgress | undefined;
  readonly error: E | undefined;
  /** The name the last file was saved as. */
  readonly fileName: string | undefined;
}

export interface KitDownloadOptions {
  /** The name when the response has no `Content-Disposition` file name. Default `"download"`. */
  readonly fileName?: string;
  /** Saves the file; default: the browser's download of an `<a download>` link. */
  readonly save?: (file: File) => void;
  /** The least time between two progress reports, in milliseconds. Default 200. */
  readonly progressInterval?: number;
}

export interface KitDownloadActions<F> {
  /**
   * Sends with these arguments and saves the answer as a file named by its `Content-Disposition`
   * (sanitized by `parseContentDisposition`). Resolves `{ ok: true, data: file }` or
   * `{ ok: false, error }`. It rejects only when there is no page to save in (Node, server-side
   * rendering) and no `save` option.
   */
  readonly download: (
    ...args: KitFactoryArgs<F>
  ) => Promise<KitSendOutcome<File, KitMethodError<F>>>;
  /** Aborts the download in flight; `error` becomes its `KitAbortError`. */
  readonly abort: (reason?: unknown) => void;
}

/** The framework-neutral download: one at a time, progress, and the file saved by name. */
export class DownloadCore<F extends KitBlobFactory> {
  readonly #where: string;
  readonly #factory: () => F;
  readonly #options: () => KitDownloadOptions;
  readonly #listeners = new Set<() => void>();
  #current: KitMethodOf<Blob | string> | undefined;
  #state: KitDownloadState<KitMethodError<F>> = {
    loading: false,
    progress: undefined,
    error: undefined,
    fileName: undefined,
  };

  constructor(where: string, factory: () => F, options: () => KitDownloadOptions) {
    this.#where = where;
    this.#factory = factory;
    this.#options = options;
  }

  get state(): KitDownloadState<KitMethodError<F>> {
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  download = async (
    ...args: KitFactoryArgs<F>
  ): Promise<KitSendOutcome<File, KitMethodError<F>>> => {
    const options = this.#options();
    // Misuse (no page to save in) rejects before anything is sent.
    if (!options.save) pageToSaveIn(this.#where);
    this.stop();
    const method = (
      this.#factory() as unknown as (...args: unknown[]) => KitMethodOf<Blob | string>
    )(...args);
    this.#current = method;
    const current = () => this.#current === method;
    this.#update({ loading: true, progress: undefined, error: undefined });
    try {
      const result = await sendWithProgress(method, {
        download: (progress) => {
          if (current()) this.#update({ progress });
        },
        interval: options.progressInterval,
      });
      const file = downloadedFile(asBlob(result), options.fileName);
      if (current()) {
        if (options.save) options.save(file);
        else saveFile(file, pageToSaveIn(this.#where));
        this.#current = undefined;
        this.#update({ loading: false, fileName: file.name });
      }
      return {
        ok: true,
        data: file,
        result: { ...result, data: file } as KitResult<unknown, File>,
        error: undefined,
      };
    } catch (caught) {
      const error = caught as KitMethodError<F>;
      if (current()) {
        this.#current = undefined;
        this.#update({ loading: false, error });
      }
      return { ok: false, data: undefined, result: undefined, error };
    }
  };

  abort = (reason?: unknown): void => {
    this.#current?.abort(reason);
  };

  /** A newer download or the end of the component: the one in flight is aborted without a trace. */
  stop(): void {
    const method = this.#current;
    this.#current = undefined;
    method?.abort();
  }

  #update(change: Partial<KitDownloadState<KitMethodError<F>>>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}

/** A text answer as a `Blob` of the response's media type, so it saves like a binary one. */
function asBlob(result: KitResult<unknown, Blob | string>): KitResult<unknown, Blob> {
  if (typeof result.data !== "string") return result as KitResult<unknown, Blob>;
  const type = result.headers["content-type"];
  const blob = new Blob([result.data], { type: typeof type === "string" ? type : "text/plain" });
  return { ...result, data: blob };
}
