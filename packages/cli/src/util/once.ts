/** The value `cache` holds for `key`, made by `make` and kept the first time it is asked for. */
export function once<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  if (cache.has(key)) return cache.get(key) as V;
  const value = make();
  cache.set(key, value);
  return value;
}
