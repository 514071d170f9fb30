import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache for hot, public-ish reads (category lists, listings, the taxonomy): least recently
 * used entries leave first (lru-cache), each lives `ttlMs`. Cleared on every catalogue change in this process;
 * the TTL bounds staleness from other processes. Concurrent misses on one key share a single load; a failed
 * load is not kept.
 */
export function createReadCache<T>(options: {
  maxEntries: number;
  ttlMs: number;
  /** How long to keep a loaded value, counted from when it loaded, when that depends on the value. */
  ttlFor?: (value: T) => number;
}) {
  const entries = new LRUCache<string, Promise<T>>({ max: options.maxEntries, ttl: options.ttlMs });
  return {
    getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) return hit;
      const value = load();
      entries.set(key, value);
      value.then(
        (loaded) => {
          if (!options.ttlFor || entries.peek(key) !== value) return;
          // lru-cache reads a ttl of 0 as "forever": a value not to keep is dropped instead.
          const ttl = options.ttlFor(loaded);
          if (ttl > 0) entries.set(key, value, { ttl });
          else entries.delete(key);
        },
        () => {
          if (entries.peek(key) === value) entries.delete(key);
        },
      );
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
