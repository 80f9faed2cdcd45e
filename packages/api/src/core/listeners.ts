/**
 * Listeners of one kind. The list is replaced, never changed in place, so a listener that
 * subscribes or unsubscribes while others run does not disturb the current round.
 */
const none: readonly never[] = [];

export class Listeners<Args extends unknown[]> {
  #list: readonly ((...args: Args) => void)[] = none;

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
