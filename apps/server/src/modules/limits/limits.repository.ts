import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

/** Now, in milliseconds of the database's clock: every process (and machine) counts by the same clock. */
const DATABASE_NOW_MS = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export type TakeRow = {
  granted: boolean;
  /** Grant times inside the window after this take, oldest first (ms). */
  hits: number[];
  blockedUntilMs: number;
  nowMs: number;
};

/**
 * The shared limiter's table (`rate_limits`): each operation is one statement, atomic however many processes run
 * it at once. A take is an `INSERT … ON CONFLICT DO UPDATE`: PostgreSQL locks the key's row and evaluates the
 * update against its latest version, so two takes of one key are serialised by the row lock and never both see the
 * last free slot (limits.test.ts takes from three connections at once).
 */
export function createLimitsRepository(db: Db, options: { clock?: () => number } = {}) {
  /** The database's clock; tests may pass their own (`clock`, ms) to walk through time. */
  const now = () => (options.clock ? sql`${Math.round(options.clock())}::bigint` : DATABASE_NOW_MS);
  return {
    /**
     * Grants a hit when the key is not blocked and fewer than `limit` hits are younger than `windowMs`; either way
     * hits older than the window are dropped. Answers what was decided and the state it was decided on.
     */
    async take(key: string, limit: number, windowMs: number): Promise<TakeRow> {
      // In the update, `r` is the key's row (locked, latest version) and `excluded.updated_at_ms` this statement's
      // now: the hits still inside the window are computed once, then granted one more if there is room.
      const [row] = await queryRows<{ granted: boolean; hits: (string | number)[]; blocked_until_ms: string | number; updated_at_ms: string | number }>(
        db,
        sql`insert into rate_limits as r (key, hits, last_granted, blocked_until_ms, updated_at_ms, expires_at_ms)
            select ${key}, array[t.now], true, 0, t.now, t.now + ${windowMs}::bigint from (select ${now()} as now) t
            on conflict (key) do update set (hits, last_granted, updated_at_ms, expires_at_ms) = (
              select case when s.free then s.recent || excluded.updated_at_ms else s.recent end,
                     s.free, excluded.updated_at_ms, greatest(r.blocked_until_ms, excluded.expires_at_ms)
              from (select w.recent, r.blocked_until_ms <= excluded.updated_at_ms and cardinality(w.recent) < ${limit}::int as free
                    from (select array(select h from unnest(r.hits) h where h > excluded.updated_at_ms - ${windowMs}::bigint order by h) as recent) w) s)
            returning last_granted as granted, hits, blocked_until_ms, updated_at_ms`,
      );
      // node-postgres reads bigint as text; PGlite as a number: both become numbers (ms fit in 53 bits).
      return {
        granted: row!.granted,
        hits: row!.hits.map(Number),
        blockedUntilMs: Number(row!.blocked_until_ms),
        nowMs: Number(row!.updated_at_ms),
      };
    },

    /** No grant for `key` until `ms` from now (a later block than the current one wins). */
    async block(key: string, ms: number): Promise<void> {
      await db.execute(
        sql`insert into rate_limits as r (key, hits, last_granted, blocked_until_ms, updated_at_ms, expires_at_ms)
            select ${key}, '{}', false, t.now + ${ms}::bigint, t.now, t.now + ${ms}::bigint from (select ${now()} as now) t
            on conflict (key) do update set
              blocked_until_ms = greatest(r.blocked_until_ms, excluded.blocked_until_ms),
              updated_at_ms = excluded.updated_at_ms,
              expires_at_ms = greatest(r.expires_at_ms, excluded.expires_at_ms)`,
      );
    },

    /** Forgets a key: its hits and any block. */
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },

    /** Deletes the rows no take or block needs any more; answers how many. */
    async purgeExpired(): Promise<number> {
      const rows = await queryRows<{ key: string }>(db, sql`delete from rate_limits where expires_at_ms < ${now()} returning key`);
      return rows.length;
    },
  };
}

export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
