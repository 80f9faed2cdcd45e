import { type ShallowRef, shallowRef } from "vue";

/** One `shallowRef` per state field, kept equal to the core's state after each of its changes. */
export type Mirrored<State> = { readonly [K in keyof State]: Readonly<ShallowRef<State[K]>> };

export function mirror<State extends object>(core: {
  readonly state: State;
  subscribe(listener: () => void): () => void;
}): Mirrored<State> {
  const refs = {} as { [K in keyof State]: ShallowRef<State[K]> };
  for (const key of Object.keys(core.state) as (keyof State)[]) {
    refs[key] = shallowRef(core.state[key]);
  }
  core.subscribe(() => {
    const state = core.state;
    for (const key of Object.keys(refs) as (keyof State)[]) {
      if (!Object.is(refs[key].value, state[key])) refs[key].value = state[key];
    }
  });
  return refs;
}

/** The indices of the watched sources whose value changed; all of them when none compares unequal (a deep change). */
export function changedSources(now: readonly unknown[], before: readonly unknown[]): number[] {
  const changed = now.flatMap((value, index) => (Object.is(value, before[index]) ? [] : [index]));
  return changed.length > 0 ? changed : now.map((_, index) => index);
}
