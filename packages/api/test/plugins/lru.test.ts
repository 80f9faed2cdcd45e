import { describe, expect, it } from "vitest";
import { LruMap } from "../../src/plugins/lru.js";

/** The obvious LRU: a Map re-inserted on every use, oldest first. */
class ReferenceLru {
  readonly entries = new Map<number, number>();
  constructor(readonly maxEntries: number) {}
  get(key: number): number | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: number, value: number): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
  delete(key: number): void {
    this.entries.delete(key);
  }
}

describe("LruMap", () => {
  it("agrees with a reference LRU over 20,000 random operations", () => {
    let seed = 7;
    const random = (below: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const lru = new LruMap<number, number>(5);
    const reference = new ReferenceLru(5);
    for (let step = 0; step < 20_000; step++) {
      const key = random(9);
      const operation = random(3);
      if (operation === 0) expect(lru.get(key)).toBe(reference.get(key));
      else if (operation === 1) {
        lru.set(key, step);
        reference.set(key, step);
      } else {
        lru.delete(key);
        reference.delete(key);
      }
      expect([...lru.keys()].sort()).toEqual([...reference.entries.keys()].sort());
    }
  });
});
