/**
 * A small in-process cache for hot, public-ish reads (category lists, listings, product pages).
 * Cleared on every catalogue change in this process; the TTL bounds staleness from other processes.
 * Concurrent misses on one key share a single load; a failed load is not kept.
 */
export function createReadCache<T>(options: { maxEntries: number; ttlMs: number }) {
  const entries = new Map<string, { value: Promise<T>; expires: number }>();
  return {
    getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (hit) entries.delete(key);
      if (entries.size >= options.maxEntries) {
        // Map keeps insertion order: drop the oldest.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const entry = { value: load(), expires: now + options.ttlMs };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear() {
      entries.clear();
    },
  };
}
