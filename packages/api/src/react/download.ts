import { useState } from "react";
import type { KitMethodError } from "../core/method-errors.js";
import {
  DownloadCore,
  type KitBlobFactory,
  type KitDownloadActions,
  type KitDownloadOptions,
  type KitDownloadState,
} from "../frameworks/download.js";
import { useLatest } from "./external-store.js";
import { useStore } from "./use-store.js";

export interface UseKitDownloadResult<F>
  extends KitDownloadState<KitMethodError<F>>,
    KitDownloadActions<F> {}

/**
 * Downloads a `Blob` method's answer and saves it as a file named by its `Content-Disposition`:
 * `const { download, progress } = useKitDownload(reportApi.exportPets)`, then `download(year)`.
 */
export function useKitDownload<F extends KitBlobFactory>(
  factory: F,
  options: KitDownloadOptions = {},
): UseKitDownloadResult<F> {
  const latest = useLatest({ factory, options });
  const [core] = useState(
    () =>
      new DownloadCore<F>(
        "useKitDownload",
        () => latest.current.factory,
        () => latest.current.options,
      ),
  );
  return { ...useStore(core), download: core.download, abort: core.abort };
}
