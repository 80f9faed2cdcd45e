/** The value `cache` holds for `key`, made by `make` and kept the first time it is asked for. */
export function once<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  const found = cache.get(key);
  if (found !== undefined || cache.has(key)) return found as V;
  const value = make();
  cache.set(key, value);
  return value;
}
