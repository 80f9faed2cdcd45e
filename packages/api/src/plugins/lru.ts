/**
 * A size-bounded map that evicts the least recently used entry. A `Map` iterates in insertion
 * order, so re-inserting on read keeps the oldest entry first and every operation O(1).
 */
export class LruMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value as K);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  keys(): IterableIterator<K> {
    return this.#entries.keys();
  }

  clear(): void {
    this.#entries.clear();
  }
}
