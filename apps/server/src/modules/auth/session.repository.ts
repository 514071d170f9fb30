import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AuthUser, Role } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

/** Only the hash of a session token is stored: a database leak does not hand out sessions. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Signed-in requests look their session up on every call; the product page's hot path cannot afford that
 * query (on PGlite it queues behind every other; on PostgreSQL it halves product-by-id throughput). A cache per
 * database answers repeat lookups; logout and access changes forget a user's entries as soon as they commit.
 * How long an entry lives is how long another process may keep honouring a revoked session: PGlite belongs to
 * one process, so 15 s; PostgreSQL is shared by processes, so 1 s (measured in test/revocation.test.ts).
 */
export const SESSION_CACHE_TTL_MS = { pglite: 15_000, postgres: 1_000 } as const;
const SESSION_CACHE_MAX = 20_000;

export type SessionRepository = ReturnType<typeof createSessionRepository>;
/** What a repository that changes who may do what needs: to forget the sessions it changed, once committed. */
export type ForgetSessions = Pick<SessionRepository, 'forget'>;

/**
 * Sessions, with their cache when `cacheTtlMs` is given (the app's one repository, built in services.ts, keeps
 * entries that long; the least recently used leave first). Built once per app, so every reader and every
 * `forget` meet the same cache.
 */
export function createSessionRepository(db: Db, options: { cacheTtlMs?: number } = {}) {
  const cached =
    options.cacheTtlMs === undefined ? null : new LRUCache<string, AuthUser>({ max: SESSION_CACHE_MAX, ttl: options.cacheTtlMs });
  /** Expired sessions are of no use to anyone: deleted at each sign-in and by the retention job. */
  const purgeExpired = async (now: Date): Promise<number> =>
    (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })).length;
  return {
    async create(userId: number, ttlDays: number): Promise<{ token: string; expiresAt: Date }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      await purgeExpired(new Date());
      return { token, expiresAt };
    },

    purgeExpired,

    async findUserByToken(token: string): Promise<AuthUser | null> {
      if (token.length > 200) return null;
      const tokenHash = hashToken(token);
      const hit = cached?.get(tokenHash);
      if (hit) return hit;
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), eq(users.accessStatus, 'beta')),
        )
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const user = { ...row, role: row.role as Role };
      if (cached) {
        cached.set(tokenHash, user);
      }
      return user;
    },

    /** Drops cached sessions (all, or one user's) after a change to who may do what has committed. */
    forget(userId?: number): void {
      if (!cached) return;
      if (userId === undefined) return cached.clear();
      for (const [key, user] of cached.entries()) if (user.id === userId) cached.delete(key);
    },

    async deleteByToken(token: string): Promise<void> {
      cached?.delete(hashToken(token));
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },
  };
}
