import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AuthUser, Role } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

/** Only the hash of a session token is stored: a database leak does not hand out sessions. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Signed-in requests look their session up on every call; on PGlite that query queues behind every other.
 * A short-lived cache per database (shared by every repository on it) answers repeat lookups. Logout and
 * access changes made in this process forget entries at once; another process's change shows within the TTL.
 */
const SESSION_CACHE_TTL_MS = 15_000;
const SESSION_CACHE_MAX = 20_000;
type CachedSession = { user: AuthUser; until: number };
const caches = new WeakMap<Db, Map<string, CachedSession>>();
const cacheFor = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, CachedSession>()));
  return cache;
};

/** Drops cached sessions (all, or one user's) after a change to who may do what. */
export function forgetCachedSessions(db: Db, userId?: number): void {
  const cache = cacheFor(db);
  if (userId === undefined) return cache.clear();
  for (const [key, entry] of cache) if (entry.user.id === userId) cache.delete(key);
}

export function createSessionRepository(db: Db) {
  const cache = cacheFor(db);
  return {
    async create(userId: number, ttlDays: number): Promise<{ token: string; expiresAt: Date }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      // Housekeeping: expired sessions are of no use to anyone.
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
      return { token, expiresAt };
    },

    async findUserByToken(token: string): Promise<AuthUser | null> {
      if (token.length > 200) return null;
      const tokenHash = hashToken(token);
      const hit = cache.get(tokenHash);
      if (hit && hit.until > Date.now()) return hit.user;
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
      if (cache.size >= SESSION_CACHE_MAX) cache.clear();
      cache.set(tokenHash, { user, until: Date.now() + SESSION_CACHE_TTL_MS });
      return user;
    },

    async deleteByToken(token: string): Promise<void> {
      cache.delete(hashToken(token));
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },
  };
}
