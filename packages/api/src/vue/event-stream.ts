import { getCurrentScope, onScopeDispose, type ShallowRef } from "vue";
import {
  EventFeedCore,
  type KitEventFactory,
  type KitEventFeedActions,
  type KitEventFeedOptions,
  type KitFactoryFeedState,
} from "../frameworks/event-feed.js";
import { mirror } from "./mirror.js";

export type UseKitEventStreamReturn<F> = {
  readonly [K in keyof KitFactoryFeedState<F>]: Readonly<ShallowRef<KitFactoryFeedState<F>[K]>>;
} & KitEventFeedActions<F>;

/**
 * The events of a `text/event-stream` method as refs: `events` (the latest `limit` that pass
 * `filter`), `latest`, `status` and `error`; `open(...args)` and `close()`. The stream closes
 * with the component (its effect scope).
 */
export function useKitEventStream<F extends KitEventFactory>(
  factory: F,
  options: KitEventFeedOptions<F> = {},
): UseKitEventStreamReturn<F> {
  const core = new EventFeedCore<F>(
    "useKitEventStream",
    () => factory,
    () => options,
  );
  const state = mirror(core);
  if (getCurrentScope()) onScopeDispose(() => core.stop());
  core.start();
  return { ...state, open: core.open, close: core.close };
}
