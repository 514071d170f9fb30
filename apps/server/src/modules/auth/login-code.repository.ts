import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginCodes } from '../../db/schema.ts';

/** Tries a code allows before it is spent. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

/** The user's live code: unused, unexpired, with tries left. */
const liveCodeOf = (userId: number) =>
  and(
    eq(loginCodes.userId, userId),
    isNull(loginCodes.consumedAt),
    gt(loginCodes.expiresAt, new Date()),
    lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
  );

export function createLoginCodeRepository(db: Db) {
  return {
    /**
     * Puts a new code in the person's one row unless a live, resendable code is there: a dead or unreadable one is
     * replaced, a live one kept. One statement (the row is unique per person), so of two requests at once the
     * second waits for the first and keeps its code. `replaceLive` replaces even a live code (one this process
     * cannot open, sealed under another key). True when this code was stored.
     */
    async issue(
      userId: number,
      codeHash: string,
      codeSealed: string | null,
      expiresAt: Date,
      { replaceLive = false } = {},
    ): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .insert(loginCodes)
        .values({ userId, codeHash, codeSealed, expiresAt })
        .onConflictDoUpdate({
          target: loginCodes.userId,
          set: { codeHash, codeSealed, expiresAt, attempts: 0, consumedAt: null, createdAt: now },
          setWhere: or(
            sql`${replaceLive}::boolean`,
            sql`${loginCodes.consumedAt} IS NOT NULL`,
            lte(loginCodes.expiresAt, now),
            sql`${loginCodes.attempts} >= ${LOGIN_CODE_MAX_ATTEMPTS}`,
            isNull(loginCodes.codeSealed),
          ),
        })
        .returning({ id: loginCodes.id });
      return rows.length === 1;
    },

    /** The user's live code (unused, unexpired, tries left), sealed, to send again: a new request does not cancel it. */
    async live(userId: number): Promise<{ codeSealed: string | null; expiresAt: Date } | null> {
      const [row] = await db
        .select({ codeSealed: loginCodes.codeSealed, expiresAt: loginCodes.expiresAt })
        .from(loginCodes)
        .where(liveCodeOf(userId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Counts one try at the user's live code (unused, unexpired, tries left) and returns it, or null when there
     * is none. The try is counted in the same statement that finds the code, so concurrent guesses cannot
     * exceed the limit.
     */
    async takeTry(userId: number): Promise<{ id: number; codeHash: string; attempts: number } | null> {
      const [row] = await db
        .update(loginCodes)
        .set({ attempts: sql`${loginCodes.attempts} + 1` })
        .where(liveCodeOf(userId))
        .returning({ id: loginCodes.id, codeHash: loginCodes.codeHash, attempts: loginCodes.attempts });
      return row ?? null;
    },

    /** Marks the code used; false when another request used it first. */
    async consume(id: number): Promise<boolean> {
      const rows = await db
        .update(loginCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(loginCodes.id, id), isNull(loginCodes.consumedAt)))
        .returning({ id: loginCodes.id });
      return rows.length === 1;
    },

    /** Codes that can no longer sign anyone in: expired, used or spent (the retention job calls it too). */
    async purgeDead(now = new Date()): Promise<number> {
      const rows = await db
        .delete(loginCodes)
        .where(
          or(
            lt(loginCodes.expiresAt, now),
            sql`${loginCodes.consumedAt} IS NOT NULL`,
            sql`${loginCodes.attempts} >= ${LOGIN_CODE_MAX_ATTEMPTS}`,
          ),
        )
        .returning({ id: loginCodes.id });
      return rows.length;
    },
  };
}
