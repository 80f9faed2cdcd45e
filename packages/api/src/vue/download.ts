import { getCurrentScope, onScopeDispose, type ShallowRef } from "vue";
import type { KitMethodError } from "../core/method-errors.js";
import {
  DownloadCore,
  type KitBlobFactory,
  type KitDownloadActions,
  type KitDownloadOptions,
  type KitDownloadState,
} from "../frameworks/download.js";
import { mirror } from "./mirror.js";

export type UseKitDownloadReturn<F> = {
  readonly [K in keyof KitDownloadState<KitMethodError<F>>]: Readonly<
    ShallowRef<KitDownloadState<KitMethodError<F>>[K]>
  >;
} & KitDownloadActions<F>;

/**
 * Downloads a `Blob` method's answer and saves it as a file named by its `Content-Disposition`:
 * `const { download, progress } = useKitDownload(reportApi.exportPets)`, then `download(year)`.
 */
export function useKitDownload<F extends KitBlobFactory>(
  factory: F,
  options: KitDownloadOptions = {},
): UseKitDownloadReturn<F> {
  const core = new DownloadCore<F>(
    "useKitDownload",
    () => factory,
    () => options,
  );
  const state = mirror(core);
  if (getCurrentScope()) onScopeDispose(() => core.stop());
  return { ...state, download: core.download, abort: core.abort };
}
