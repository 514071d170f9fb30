import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromPostgres, queryRows, type Database } from '../../db/client.ts';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testDatabaseKind } from '../../../test/helpers.ts';
import { createLimitsRepository } from './limits.repository.ts';
import { addressKey, createSharedLimiter, type SharedLimiter } from './limits.service.ts';

const WINDOW = 60_000;

describe(`the shared limiter (${testDatabaseKind})`, () => {
  let database: Database & { url?: string };
  /** Other connections to the same database: other processes, as far as PostgreSQL can tell. */
  const others: Database[] = [];
  let now = 0;
  /** A limiter on the test's clock, so time can be walked through without waiting. */
  let onClock: SharedLimiter;
  beforeAll(async () => {
    database = await createTestDatabase();
    onClock = createSharedLimiter(createLimitsRepository(database.db, { clock: () => now }));
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await database.close();
  });
  beforeEach(async () => {
    now = 1_000_000;
    await database.db.execute(sql`delete from rate_limits`);
  });

  /** Asks at each of the given times (sorted) with `key`; returns each answer. */
  async function decide(key: string, limit: number, times: number[], pauses = new Map<number, number>()) {
    const answers: { t: number; ok: boolean }[] = [];
    for (const t of times) {
      now = t;
      answers.push({ t, ok: (await onClock.take(key, { limit, windowMs: WINDOW })).allowed });
      const pause = pauses.get(t);
      if (pause !== undefined) await onClock.block(key, pause);
    }
    return answers;
  }
  const granted = async (key: string, limit: number, times: number[], pauses?: Map<number, number>) =>
    (await decide(key, limit, times, pauses)).filter((d) => d.ok).map((d) => d.t);

  it('grants 15 at once, then nothing until the first grant leaves the window, and says how long to wait', async () => {
    const t0 = 1_000_000;
    expect(await granted('off', 15, [...Array.from({ length: 20 }, () => t0), t0 + 59_999, t0 + 60_000, t0 + 60_000])).toEqual([
      ...Array.from({ length: 15 }, () => t0),
      t0 + 60_000,
      t0 + 60_000,
    ]);
    now = t0 + 1;
    expect(await onClock.take('full', { limit: 15, windowMs: WINDOW })).toMatchObject({ allowed: true, remaining: 14 });
    now = t0 + 10_000;
    for (let i = 0; i < 14; i++) await onClock.take('full', { limit: 15, windowMs: WINDOW });
    now = t0 + 20_000;
    expect(await onClock.take('full', { limit: 15, windowMs: WINDOW })).toEqual({ allowed: false, retryAfterMs: 40_001, remaining: 0 });
  });

  it('counts grants only: remaining goes down by one per grant, a refusal costs nothing', async () => {
    const rule = { limit: 3, windowMs: WINDOW };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await onClock.take('k', rule));
    expect(answers.map((a) => [a.allowed, a.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0], [false, 0]]);
    now += WINDOW;
    expect((await onClock.take('k', rule)).allowed).toBe(true);
  });

  it('never grants more than the limit in any window, wherever the window starts (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 15 }), fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 60 }), async (limit, raw) => {
        const times = [...raw].sort((a, b) => a - b);
        const grants = await granted(`p${run++}`, limit, times);
        // Every window that matters starts at a grant: count the grants in [g, g + window).
        for (const start of grants) expect(grants.filter((g) => g >= start && g < start + WINDOW).length).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses only when the window is really full: a refused take had `limit` grants in the window before it (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 15 }), fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 60 }), async (limit, raw) => {
        const decisions = await decide(`q${run++}`, limit, [...raw].sort((a, b) => a - b));
        const grants = decisions.filter((d) => d.ok).map((d) => d.t);
        for (const { t, ok } of decisions) {
          if (!ok) expect(grants.filter((g) => g <= t && g > t - WINDOW).length).toBe(limit);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a block refuses everything until it ends, says so in retryAfterMs, and a shorter later block does not cut it short', async () => {
    const t0 = 1_000_000;
    expect(await granted('b', 15, [t0, t0 + 1_000, t0 + 30_000, t0 + 119_999, t0 + 120_000], new Map([[t0, 120_000], [t0 + 1_000, 10]]))).toEqual([
      t0,
      t0 + 120_000,
    ]);
    await onClock.block('b2', 5_000);
    now += 1_000;
    expect(await onClock.take('b2', { limit: 15, windowMs: WINDOW })).toEqual({ allowed: false, retryAfterMs: 4_000, remaining: 15 });
  });

  it('a limit of 0 grants nothing; reset forgets the hits and a block', async () => {
    expect(await granted('zero', 0, [0, 100_000])).toEqual([]);
    const rule = { limit: 1, windowMs: WINDOW };
    expect((await onClock.take('r', rule)).allowed).toBe(true);
    expect((await onClock.take('r', rule)).allowed).toBe(false);
    await onClock.reset('r');
    expect((await onClock.take('r', rule)).allowed).toBe(true);
    await onClock.block('r', 10_000);
    await onClock.reset('r');
    expect((await onClock.take('r', rule)).allowed).toBe(true);
  });

  it('keys are kept as digests: no address or account in the table', async () => {
    await onClock.take(`login:address:${addressKey('203.0.113.7')}`, { limit: 5, windowMs: WINDOW });
    await onClock.take('history:account:42', { limit: 5, windowMs: WINDOW });
    const rows = await queryRows<{ key: string }>(database.db, sql`select key from rate_limits`);
    expect(rows).toHaveLength(2);
    for (const { key } of rows) expect(key).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|42/);
  });

  it('the retention job’s purge deletes the rows whose window and block have passed, and only those', async () => {
    await onClock.take('short', { limit: 5, windowMs: 1_000 });
    await onClock.take('long', { limit: 5, windowMs: WINDOW });
    await onClock.block('blocked', 10 * WINDOW);
    now += 2_000;
    expect(await onClock.purgeExpired()).toBe(1);
    now += 2 * WINDOW;
    expect(await onClock.purgeExpired()).toBe(1);
    expect((await onClock.take('blocked', { limit: 5, windowMs: WINDOW })).allowed).toBe(false);
  });

  it('on the database’s clock: takes from several connections at once grant exactly the limit, and the wait is the window', async () => {
    // On PostgreSQL, three pools of five connections: as three processes would. PGlite has one process.
    const pools = database.url ? [database, ...[0, 1].map(() => fromPostgres(database.url!, 5))] : [database];
    others.push(...pools.slice(1));
    const limiters = pools.map((p) => createSharedLimiter(createLimitsRepository(p.db)));
    const rule = { limit: 10, windowMs: 5_000 };
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => limiters[i % limiters.length]!.take('burst', rule)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(10);
    for (const refused of answers.filter((a) => !a.allowed)) {
      expect(refused.retryAfterMs).toBeGreaterThan(3_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(5_000);
    }
  });
});

describe('addressKey: one key per subscriber', () => {
  it('an IPv4 address whole, also when IPv4-mapped; an IPv6 address by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:0DB8:85a3:0001::1')).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8::')).toBe(addressKey('2001:db8:0:0:ffff::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
