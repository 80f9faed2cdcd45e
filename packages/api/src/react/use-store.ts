import { useEffect, useSyncExternalStore } from "react";

/** A core's state as React state; `stop` runs on unmount, `start` on mount. */
export function useStore<State>(core: {
  readonly state: State;
  subscribe(listener: () => void): () => void;
  start?(): void;
  stop(): void;
}): State {
  const state = useSyncExternalStore(
    core.subscribe,
    () => core.state,
    () => core.state,
  );
  useEffect(() => {
    core.start?.();
    return () => core.stop();
  }, [core]);
  return state;
}
