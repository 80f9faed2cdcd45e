import { useState } from "react";
import {
  EventFeedCore,
  type KitEventFactory,
  type KitEventFeedActions,
  type KitEventFeedOptions,
  type KitFactoryFeedState,
} from "../frameworks/event-feed.js";
import { useLatest } from "./external-store.js";
import { useStore } from "./use-store.js";

export interface UseKitEventStreamResult<F>
  extends KitFactoryFeedState<F>,
    KitEventFeedActions<F> {}

/**
 * The events of a `text/event-stream` method: `events` (the latest `limit` that pass `filter`),
 * `latest`, `status` and `error`; `open(...args)` and `close()`. Unmounting closes the stream.
 */
export function useKitEventStream<F extends KitEventFactory>(
  factory: F,
  options: KitEventFeedOptions<F> = {},
): UseKitEventStreamResult<F> {
  const latest = useLatest({ factory, options });
  const [core] = useState(
    () =>
      new EventFeedCore<F>(
        "useKitEventStream",
        () => latest.current.factory,
        () => latest.current.options,
      ),
  );
  return { ...useStore(core), open: core.open, close: core.close };
}
