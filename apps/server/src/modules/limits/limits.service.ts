import crypto from 'node:crypto';
import type { LimitsRepository } from './limits.repository.ts';

/** At most `limit` grants in any window of `windowMs` (a sliding window: no 2× burst across a boundary). */
export type LimitRule = { limit: number; windowMs: number };

export type LimitDecision = {
  allowed: boolean;
  /** When refused: how long until a take of the same key can be granted (ms, ≥ 1). 0 when allowed. */
  retryAfterMs: number;
  /** Grants left in the window after this take. */
  remaining: number;
};

/**
 * The shared limiter: ONE counter per key for every API process on the database, so a limit holds past one
 * process and one machine (ADR 021). Backed by the `rate_limits` table on both databases — on PostgreSQL it is what
 * lets three processes count as one; on PGlite (one process) the same statement costs a fraction of a millisecond
 * (bench/shared-limiter.ts) and keeps one code path.
 *
 * ```ts
 * const { allowed, retryAfterMs } = await limiter.take(`login:address:${addressKey(req.ip)}`, { limit: 10, windowMs: 60_000 });
 * if (!allowed) throw tooMany(retryAfterMs);
 * ```
 *
 * - `take(key, { limit, windowMs })` — grants when fewer than `limit` grants of `key` are younger than `windowMs`
 *   and the key is not blocked; a grant is counted, a refusal is not. A sliding log, not a fixed window or a
 *   refilling bucket: those let 2 × limit through in the minute that straddles a reset, and Open Food Facts'
 *   15 reads a minute is a limit to stay under. One key, one rule: use a new key for a different limit or window.
 *   `limit` ≤ 0 refuses everything. Atomic under concurrency across processes (one INSERT … ON CONFLICT).
 * - `block(key, ms)` — no grant for `key` for `ms` from now, in every process (a Retry-After from the other side).
 * - `reset(key)` — forgets the key (a place given back, a sign-in that succeeded).
 * - `purgeExpired()` — deletes rows no rule needs; the retention job runs it hourly.
 *
 * Keys are the caller's words (`off:product-reads`, `login:address:203.0.113.7`, `history:account:42`); the table
 * keeps only a SHA-256 digest of each, so no address or account id is stored in clear. Build address keys with
 * `addressKey` (an IPv6 client is one /64, as its provider hands them out). Time is the database's clock, the same for
 * every process; a limit is as strict as PostgreSQL's row lock, not as the processes' clocks agree.
 */
export function createSharedLimiter(repo: LimitsRepository) {
  return {
    async take(key: string, rule: LimitRule): Promise<LimitDecision> {
      const { limit, windowMs } = rule;
      if (limit <= 0) return { allowed: false, retryAfterMs: windowMs, remaining: 0 };
      const row = await repo.take(digest(key), limit, windowMs);
      const remaining = Math.max(0, limit - row.hits.length);
      if (row.granted) return { allowed: true, retryAfterMs: 0, remaining };
      // Free again once the key is unblocked and enough of the oldest hits have left the window for one more.
      const oldestThatMustLeave = row.hits[row.hits.length - limit];
      const freedAt = Math.max(row.blockedUntilMs, oldestThatMustLeave === undefined ? 0 : oldestThatMustLeave + windowMs);
      return { allowed: false, retryAfterMs: Math.max(1, freedAt - row.nowMs), remaining };
    },
    block: (key: string, ms: number): Promise<void> => repo.block(digest(key), Math.max(0, Math.round(ms))),
    reset: (key: string): Promise<void> => repo.reset(digest(key)),
    purgeExpired: (): Promise<number> => repo.purgeExpired(),
  };
}

export type SharedLimiter = ReturnType<typeof createSharedLimiter>;

const digest = (key: string) => crypto.createHash('sha256').update(`limit:${key}`).digest('base64url').slice(0, 22);

/**
 * A client address as a limiter key: an IPv4 address whole (also when written `::ffff:a.b.c.d`), an IPv6 address
 * as its /64, the block one subscriber gets — counting each of its 2^64 addresses apart would be no limit at all.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
