import { type DependencyList, useState } from "react";
import {
  type KitFactoryState,
  type KitRequestActions,
  type KitRequestOptions,
  RequestCore,
} from "../frameworks/request-core.js";
import type { KitMethodFactory } from "../frameworks/types.js";
import { useCore, useLatest } from "./external-store.js";

export interface UseKitRequestOptions<F> extends KitRequestOptions<F> {
  /**
   * Re-send when one of these changes (compared as `useEffect` compares them), after its
   * `debounce` or `throttle`, with the last send's arguments, aborting the send in flight.
   */
  readonly deps?: DependencyList;
  /** While false, automatic sends wait; turning true sends one that waited. */
  readonly enabled?: boolean;
}

export interface UseKitRequestResult<F> extends KitFactoryState<F>, KitRequestActions<F> {}

/**
 * State for one API method: `data`, `error`, `loading`, `code`, `message` and `send`. The factory
 * builds the method to send, from `send`'s arguments or from props and state:
 * `useKitRequest(() => petApi.getPetById(id), { deps: [id] })`. A new send aborts the one in
 * flight, and so does unmounting.
 */
export function useKitRequest<F extends KitMethodFactory>(
  factory: F,
  options: UseKitRequestOptions<F> = {},
): UseKitRequestResult<F> {
  const latest = useLatest({ factory, options });
  const enabled = options.enabled ?? true;
  const [core] = useState(
    () =>
      new RequestCore<F>({
        where: "useKitRequest",
        factory: () => latest.current.factory,
        options: () => latest.current.options,
        enabled,
      }),
  );
  const state = useCore(core, enabled, options.deps ?? []);
  return { ...state, send: core.send, abort: core.abort };
}
