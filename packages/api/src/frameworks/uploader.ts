import type { KitMethodOf } from "../core/method.js";
import type { KitMethodError } from "../core/method-errors.js";
import { type KitProgress, sendWithProgress } from "../progress/index.js";
import { checkWhole } from "./options.js";
import type { KitFactoryData } from "./types.js";

/** What the uploader strategies take: a function that builds the upload of one file. */
export type KitUploadFactory = (file: File) => KitMethodOf<unknown>;

/** `queued` → `uploading` → `done` or `failed`; `aborted` by `abort(id)`; `retry` queues again. */
export type KitUploadStatus = "queued" | "uploading" | "done" | "failed" | "aborted";

/** One file of an uploader. */
export interface KitUpload<T, E> {
  /** Stable for the file's life in the list, for `abort`, `retry`, `remove` and list keys. */
  readonly id: number;
  readonly file: File;
  readonly status: KitUploadStatus;
  /** The latest report of the request body going out. */
  readonly progress: KitProgress | undefined;
  /** The answer's data once `done`. */
  readonly data: T | undefined;
  /** The error once `failed` or `aborted`. */
  readonly error: E | undefined;
}

export interface KitUploaderState<T, E> {
  readonly files: readonly KitUpload<T, E>[];
  /** Whether a file is uploading or queued. */
  readonly busy: boolean;
}

export type KitFactoryUploaderState<F> = KitUploaderState<KitFactoryData<F>, KitMethodError<F>>;

export interface KitUploaderOptions {
  /** How many files upload at once; a whole number of at least 1. Default 2. */
  readonly concurrency?: number;
  /** Start uploading as files are added. Default `true`; else `start()` does. */
  readonly immediate?: boolean;
  /** The least time between two progress reports of a file, in milliseconds. Default 200. */
  readonly progressInterval?: number;
}

export interface KitUploaderActions {
  /** Adds files to the end of the list; returns their ids. */
  readonly add: (files: Iterable<File> | ArrayLike<File>) => number[];
  /** Starts the queued files (when `immediate` is false). */
  readonly start: () => void;
  /** Aborts one file (queued or uploading), or every file when no id is given. */
  readonly abort: (id?: number) => void;
  /** Queues a failed or aborted file again. */
  readonly retry: (id: number) => void;
  /** Takes a file off the list, aborting its upload. */
  readonly remove: (id: number) => void;
  /** Takes every file off the list, aborting the uploads in flight. */
  readonly clear: () => void;
}

/** The framework-neutral uploader: a list of files uploaded at most `concurrency` at a time. */
export class UploaderCore<F extends KitUploadFactory> {
  readonly #factory: () => F;
  readonly #options: () => KitUploaderOptions;
  readonly #listeners = new Set<() => void>();
  /** The method of each file uploading, to abort it. */
  readonly #sending = new Map<number, KitMethodOf<unknown>>();
  #nextId = 1;
  #started = false;
  #state: KitFactoryUploaderState<F> = { files: [], busy: false };

  constructor(where: string, factory: () => F, options: () => KitUploaderOptions) {
    checkWhole(`${where}({ concurrency })`, options().concurrency, 1);
    this.#factory = factory;
    this.#options = options;
    this.#started = options().immediate ?? true;
  }

  get state(): KitFactoryUploaderState<F> {
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  add = (files: Iterable<File> | ArrayLike<File>): number[] => {
    const added = Array.from(files, (file) => this.#queued(this.#nextId++, file));
    this.#set([...this.#state.files, ...added]);
    this.#pump();
    return added.map((upload) => upload.id);
  };

  start = (): void => {
    this.#started = true;
    this.#pump();
  };

  abort = (id?: number): void => {
    for (const upload of this.#state.files) {
      if (id !== undefined && upload.id !== id) continue;
      const method = this.#sending.get(upload.id);
      if (method) method.abort();
      else if (upload.status === "queued") this.#change(upload.id, { status: "aborted" });
    }
  };

  retry = (id: number): void => {
    const upload = this.#state.files.find((candidate) => candidate.id === id);
    if (upload?.status !== "failed" && upload?.status !== "aborted") return;
    this.#change(id, { status: "queued", progress: undefined, error: undefined });
    this.#pump();
  };

  remove = (id: number): void => {
    this.#drop(id);
    this.#set(this.#state.files.filter((upload) => upload.id !== id));
    this.#pump();
  };

  clear = (): void => {
    for (const id of [...this.#sending.keys()]) this.#drop(id);
    this.#set([]);
  };

  /** The component went away: uploads in flight are aborted. */
  stop(): void {
    for (const id of [...this.#sending.keys()]) this.#drop(id);
  }

  #queued(id: number, file: File): KitUpload<KitFactoryData<F>, KitMethodError<F>> {
    return { id, file, status: "queued", progress: undefined, data: undefined, error: undefined };
  }

  /** Stops tracking a file's upload and aborts it; its outcome then changes nothing. */
  #drop(id: number): void {
    const method = this.#sending.get(id);
    this.#sending.delete(id);
    method?.abort();
  }

  #pump(): void {
    if (!this.#started) return;
    const limit = this.#options().concurrency ?? 2;
    for (const upload of this.#state.files) {
      if (this.#sending.size >= limit) break;
      if (upload.status === "queued") void this.#upload(upload);
    }
  }

  async #upload(upload: KitUpload<KitFactoryData<F>, KitMethodError<F>>): Promise<void> {
    const { id, file } = upload;
    const method = this.#factory()(file);
    this.#sending.set(id, method);
    const mine = () => this.#sending.get(id) === method;
    this.#change(id, { status: "uploading" });
    try {
      const result = await sendWithProgress(method, {
        upload: (progress) => {
          if (mine()) this.#change(id, { progress });
        },
        interval: this.#options().progressInterval,
      });
      if (!mine()) return;
      this.#sending.delete(id);
      this.#change(id, { status: "done", data: result.data as KitFactoryData<F> });
    } catch (caught) {
      if (!mine()) return;
      this.#sending.delete(id);
      const error = caught as KitMethodError<F>;
      const aborted = (caught as { kind?: unknown } | undefined)?.kind === "abort";
      this.#change(id, { status: aborted ? "aborted" : "failed", error });
    }
    this.#pump();
  }

  #change(id: number, change: Partial<KitUpload<KitFactoryData<F>, KitMethodError<F>>>): void {
    this.#set(
      this.#state.files.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)),
    );
  }

  #set(files: readonly KitUpload<KitFactoryData<F>, KitMethodError<F>>[]): void {
    const busy = files.some(
      (upload) => upload.status === "uploading" || upload.status === "queued",
    );
    this.#state = { files, busy };
    for (const listener of this.#listeners) listener();
  }
}
