import { getCurrentScope, onScopeDispose, type ShallowRef } from "vue";
import {
  type KitFactoryUploaderState,
  type KitUploaderActions,
  type KitUploaderOptions,
  type KitUploadFactory,
  UploaderCore,
} from "../frameworks/uploader.js";
import { mirror } from "./mirror.js";

export type UseKitUploaderReturn<F> = {
  readonly [K in keyof KitFactoryUploaderState<F>]: Readonly<
    ShallowRef<KitFactoryUploaderState<F>[K]>
  >;
} & KitUploaderActions;

/**
 * Uploads files, `concurrency` at a time, each with its status, progress, data or error:
 * `useKitUploader((file) => petApi.uploadFile(petId, formWith(file)))`, then `add(input.files)`.
 * Uploads in flight are aborted with the component (its effect scope).
 */
export function useKitUploader<F extends KitUploadFactory>(
  factory: F,
  options: KitUploaderOptions = {},
): UseKitUploaderReturn<F> {
  const core = new UploaderCore<F>(
    "useKitUploader",
    () => factory,
    () => options,
  );
  const state = mirror(core);
  if (getCurrentScope()) onScopeDispose(() => core.stop());
  return {
    ...state,
    add: core.add,
    start: core.start,
    abort: core.abort,
    retry: core.retry,
    remove: core.remove,
    clear: core.clear,
  };
}
