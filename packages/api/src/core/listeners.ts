/**
 * Listeners of one kind. The list is replaced, never changed in place, so a listener that
 * subscribes or unsubscribes while others run does not disturb the current round.
 */
const none: readonly never[] = [];

/**
 * A listener, written as a method so that its parameters compare bivariantly: a `KitMethod<Pet>`
 * must be usable where a `KitMethod<unknown>` is asked for, also in source, where TypeScript
 * compares the private fields that hold its listeners.
 */
type Listener<Args extends unknown[]> = { call(...args: Args): void }["call"];

export class Listeners<Args extends unknown[]> {
  #list: readonly Listener<Args>[] = none;

  add(listener: (...args: Args) => void): () => void {
    this.#list = [...this.#list, listener];
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      const index = this.#list.indexOf(listener);
      this.#list = this.#list.filter((_, i) => i !== index);
    };
  }

  /** Calls every listener in registration order; one that throws is reported and skipped. */
  emit(...args: Args): void {
    if (this.#list.length === 0) return;
    for (const listener of this.#list) {
      try {
        listener(...args);
      } catch (error) {
        console.error(error);
      }
    }
  }
}
