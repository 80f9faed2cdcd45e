interface Node<K, V> {
  key: K;
  value: V;
  newer: Node<K, V> | undefined;
  older: Node<K, V> | undefined;
}

/**
 * A size-bounded map that evicts the least recently used entry, every operation O(1): a Map finds
 * the node, a doubly linked list keeps the use order. A read only relinks the node, so a cache
 * hit never inserts into or deletes from the Map.
 */
export class LruMap<K, V> {
  readonly #nodes = new Map<K, Node<K, V>>();
  readonly #maxEntries: number;
  #newest: Node<K, V> | undefined;
  #oldest: Node<K, V> | undefined;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get(key: K): V | undefined {
    const node = this.#nodes.get(key);
    if (node === undefined) return undefined;
    if (node !== this.#newest) {
      this.#unlink(node);
      this.#pushNewest(node);
    }
    return node.value;
  }

  set(key: K, value: V): void {
    const existing = this.#nodes.get(key);
    if (existing !== undefined) {
      existing.value = value;
      this.get(key);
      return;
    }
    const node: Node<K, V> = { key, value, newer: undefined, older: undefined };
    this.#nodes.set(key, node);
    this.#pushNewest(node);
    if (this.#nodes.size > this.#maxEntries) this.delete(this.#oldest!.key);
  }

  delete(key: K): void {
    const node = this.#nodes.get(key);
    if (node === undefined) return;
    this.#nodes.delete(key);
    this.#unlink(node);
  }

  keys(): IterableIterator<K> {
    return this.#nodes.keys();
  }

  #unlink(node: Node<K, V>): void {
    if (node.newer === undefined) this.#newest = node.older;
    else node.newer.older = node.older;
    if (node.older === undefined) this.#oldest = node.newer;
    else node.older.newer = node.newer;
    node.newer = undefined;
    node.older = undefined;
  }

  #pushNewest(node: Node<K, V>): void {
    node.older = this.#newest;
    if (this.#newest === undefined) this.#oldest = node;
    else this.#newest.newer = node;
    this.#newest = node;
  }
}
