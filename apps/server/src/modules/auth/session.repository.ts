import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AuthUser, Role } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

/** Only the hash of a session token is stored: a database leak does not hand out sessions. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function createSessionRepository(db: Db) {
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
          and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()), eq(users.accessStatus, 'beta')),
        )
        .limit(1);
      const row = rows[0];
      return row ? { ...row, role: row.role as Role } : null;
    },

    async deleteByToken(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    async deleteForUser(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}
