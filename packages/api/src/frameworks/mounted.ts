import { keyStartsWith } from "./method-key.js";

/** A request or page list on screen, as a fetcher's `refresh` finds it. */
export interface Mounted {
  /** The key of the method it last sent (see `kitQueryKey`), before its first send `undefined`. */
  readonly key: readonly unknown[] | undefined;
  /** Sends its last method again, as it would by itself. */
  refresh(): Promise<unknown>;
}

const mounted = new Set<Mounted>();

/** Lists `request` while its component is mounted; returns the function that removes it. */
export function mount(request: Mounted): () => void {
  mounted.add(request);
  return () => mounted.delete(request);
}

/** The mounted requests whose method lies under `prefix` (an API's, a method's or a call's key). */
export function mountedUnder(prefix: readonly unknown[]): Mounted[] {
  return [...mounted].filter((request) => request.key && keyStartsWith(request.key, prefix));
}
