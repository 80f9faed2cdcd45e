import { useState } from "react";
import {
  type KitFactoryUploaderState,
  type KitUploaderActions,
  type KitUploaderOptions,
  type KitUploadFactory,
  UploaderCore,
} from "../frameworks/uploader.js";
import { useLatest } from "./external-store.js";
import { useStore } from "./use-store.js";

export interface UseKitUploaderResult<F> extends KitFactoryUploaderState<F>, KitUploaderActions {}

/**
 * Uploads files, `concurrency` at a time, each with its status, progress, data or error:
 * `useKitUploader((file) => petApi.uploadFile(petId, formWith(file)))`, then `add(input.files)`.
 * Unmounting aborts the uploads in flight.
 */
export function useKitUploader<F extends KitUploadFactory>(
  factory: F,
  options: KitUploaderOptions = {},
): UseKitUploaderResult<F> {
  const latest = useLatest({ factory, options });
  const [core] = useState(
    () =>
      new UploaderCore<F>(
        "useKitUploader",
        () => latest.current.factory,
        () => latest.current.options,
      ),
  );
  return {
    ...useStore(core),
    add: core.add,
    start: core.start,
    abort: core.abort,
    retry: core.retry,
    remove: core.remove,
    clear: core.clear,
  };
}
