import { type DependencyList, useEffect, useRef, useSyncExternalStore } from "react";

interface Core<State> {
  readonly state: State;
  subscribe(listener: () => void): () => void;
  setEnabled(enabled: boolean): void;
  changed(sources: readonly number[]): void;
  start(): void;
  stop(): void;
}

/**
 * The core's state as React state, and the core driven by the component: started on mount and
 * stopped on unmount (twice in StrictMode, which the core allows), `enabled` and `deps` passed on.
 */
export function useCore<State>(core: Core<State>, enabled: boolean, deps: DependencyList): State {
  const state = useSyncExternalStore(
    core.subscribe,
    () => core.state,
    () => core.state,
  );
  useEffect(() => {
    core.start();
    return () => core.stop();
  }, [core]);
  useEffect(() => core.setEnabled(enabled), [core, enabled]);
  const sentFor = useRef(deps);
  useEffect(
    () => {
      const before = sentFor.current;
      sentFor.current = deps;
      if (before === deps) return;
      const changed = deps.flatMap((value, index) =>
        Object.is(value, before[index]) ? [] : [index],
      );
      if (changed.length > 0) core.changed(changed);
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to re-send
    deps,
  );
  return state;
}

/** The latest render's value, for callbacks the core calls later. */
export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
