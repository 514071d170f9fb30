import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

describe('read cache', () => {
  it('concurrent misses on one key share one load', async () => {
    const cache = createReadCache<number>({ maxEntries: 10, ttlMs: 10_000 });
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return 42;
    };
    const values = await Promise.all(Array.from({ length: 10 }, () => cache.getOrLoad('k', load)));
    expect(values).toEqual(Array(10).fill(42));
    expect(loads).toBe(1);
  });

  it('a failed load is not kept: the next read tries again', async () => {
    const cache = createReadCache<number>({ maxEntries: 10, ttlMs: 10_000 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('caída')))).rejects.toThrow('caída');
    await expect(cache.getOrLoad('k', () => Promise.resolve(7))).resolves.toBe(7);
  });

  it('expires after its TTL, is emptied by clear, and keeps at most maxEntries', async () => {
    const cache = createReadCache<string>({ maxEntries: 2, ttlMs: 20 });
    await cache.getOrLoad('a', async () => 'a1');
    expect(await cache.getOrLoad('a', async () => 'a2')).toBe('a1');
    await new Promise((r) => setTimeout(r, 30));
    expect(await cache.getOrLoad('a', async () => 'a3')).toBe('a3');
    cache.clear();
    expect(await cache.getOrLoad('a', async () => 'a4')).toBe('a4');
    await cache.getOrLoad('b', async () => 'b1');
    await cache.getOrLoad('c', async () => 'c1');
    // 'a' was the oldest entry and made room for 'c'.
    expect(await cache.getOrLoad('a', async () => 'a5')).toBe('a5');
  });

  it('keeps each value as long as ttlFor says, counted from when it loaded', async () => {
    const cache = createReadCache<string | null>({ maxEntries: 10, ttlMs: 10_000, ttlFor: (v) => (v === null ? 10_000 : 0) });
    await cache.getOrLoad('miss', async () => null);
    await cache.getOrLoad('hit', async () => 'h1');
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.getOrLoad('miss', async () => 'late')).toBeNull();
    expect(await cache.getOrLoad('hit', async () => 'h2')).toBe('h2');
  });
});
