import { createElement } from "react";
import { create, type ReactTestRenderer } from "react-test-renderer";
import { vi } from "vitest";
import { effectScope, nextTick } from "vue";

/** Runs a composable in its own effect scope, as a component's setup would; `stop` unmounts. */
export function mount<T>(setup: () => T): { state: T; stop: () => void } {
  const scope = effectScope();
  const state = scope.run(setup)!;
  return { state, stop: () => scope.stop() };
}

/** Renders `hook` in a component, keeping what it returned on the latest render. */
export function renderHook<Props extends object, Result>(
  hook: (props: Props) => Result,
  props: Props,
) {
  const seen: { current: Result | undefined; renders: Result[] } = {
    current: undefined,
    renders: [],
  };
  const Probe = (probeProps: Props) => {
    seen.current = hook(probeProps);
    seen.renders.push(seen.current);
    return null;
  };
  const renderer: ReactTestRenderer = create(createElement(Probe, props));
  return {
    latest: () => seen.current!,
    renders: seen.renders,
    rerender: (next: Props) => renderer.update(createElement(Probe, next)),
    unmount: () => renderer.unmount(),
  };
}

/**
 * Fake `setTimeout` and `Date` only: the loopback server and the HTTP client keep their own
 * timers, and `vi.waitFor` keeps real ones.
 */
export function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
}

/** Lets Vue run its watchers (flushed before the next render, in a microtask). */
export const flushWatchers = nextTick;

const realSetTimeout = globalThis.setTimeout;

/** Resolves after `ms` of real time, fake timers or not: to show that nothing more arrives. */
export function quietFor(ms: number): Promise<void> {
  return new Promise((resolve) => realSetTimeout(resolve, ms));
}
