/**
 * A small in-process cache for hot, public-ish reads (category lists, listings, product pages).
 * Cleared on every catalogue change in this process; the TTL bounds staleness from other processes.
 */
export function createReadCache<T>(options: { maxEntries: number; ttlMs: number }) {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    async getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      const value = await load();
      if (entries.size >= options.maxEntries) {
        // Map keeps insertion order: drop the oldest.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expires: now + options.ttlMs });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
