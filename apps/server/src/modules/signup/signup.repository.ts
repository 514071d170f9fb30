import { and, count, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { RETENTION, type SignupRequest } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { signups, users } from '../../db/schema.ts';

/** Serialises beta sign-ups and proofs so concurrent requests cannot hand out more places than there are. */
const BETA_LOCK_KEY = 20_606_001;

/** A beta sign-up not proven within this long is deleted and never counts (issue 33). */
export const PENDING_SIGNUP_MS = RETENTION.pendingSignupHours * 3_600_000;
/** One unproven beta sign-up per connection in this long (the per-address guard); proven ones do not count. */
export const PENDING_PER_ADDRESS_MS = 3_600_000;

export type SignupOutcome = 'created' | 'duplicate' | 'full' | { addressBusyMs: number };
/** What proving the email of a pending beta sign-up did. */
export type ClaimOutcome = 'taken' | 'full' | 'expired' | 'not-pending';

export function createSignupRepository(db: Db) {
  const countBeta = async (tx: Db) => {
    const [row] = await tx.select({ n: count() }).from(signups).where(eq(signups.kind, 'beta'));
    return row?.n ?? 0;
  };
  const lock = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${BETA_LOCK_KEY})`);
  /** Deletes pending sign-ups created before `before` (all, or one email's) and their accounts that never got in. */
  const dropExpiredPending = async (tx: Db, before: Date, email?: string) => {
    const gone = await tx
      .delete(signups)
      .where(and(eq(signups.kind, 'pending'), lt(signups.createdAt, before), email === undefined ? undefined : eq(signups.email, email)))
      .returning({ email: signups.email });
    await tx
      .delete(users)
      .where(and(eq(users.accessStatus, 'pending'), lt(users.createdAt, before), email === undefined ? undefined : eq(users.email, email)));
    return gone.length;
  };

  return {
    countBeta: () => countBeta(db),

    /**
     * A beta sign-up from the form: the person is put on the pending list (no place taken) with an account that can
     * only ask for a sign-in code; proving the email takes the place (claimPlace). `address` (a digest of the
     * connection, when the per-address guard is on) holds one unproven sign-up per connection an hour.
     */
    holdBetaPlace(input: SignupRequest, spots: number, address: string | null, now = new Date()): Promise<SignupOutcome> {
      return db.transaction(async (tx) => {
        await lock(tx);
        await dropExpiredPending(tx, new Date(now.getTime() - PENDING_SIGNUP_MS), input.email);
        const existing = await tx.select({ id: signups.id }).from(signups).where(eq(signups.email, input.email)).limit(1);
        if (existing.length > 0) return 'duplicate';
        if ((await countBeta(tx)) >= spots) return 'full';
        if (address !== null) {
          const [busy] = await tx
            .select({ createdAt: signups.createdAt })
            .from(signups)
            .where(
              and(
                eq(signups.kind, 'pending'),
                eq(signups.pendingAddress, address),
                gte(signups.createdAt, new Date(now.getTime() - PENDING_PER_ADDRESS_MS)),
              ),
            )
            .orderBy(signups.createdAt)
            .limit(1);
          if (busy) return { addressBusyMs: busy.createdAt.getTime() + PENDING_PER_ADDRESS_MS - now.getTime() };
        }
        await tx.insert(signups).values({ ...fields(input), kind: 'pending', pendingAddress: address });
        await tx
          .insert(users)
          .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, role: 'user', accessStatus: 'pending' })
          .onConflictDoNothing({ target: users.email });
        return 'created';
      });
    },

    /** Whether this email has a pending beta sign-up still within its 24 hours. */
    async pendingIsLive(email: string, now = new Date()): Promise<boolean> {
      const [row] = await db
        .select({ id: signups.id })
        .from(signups)
        .where(and(eq(signups.email, email), eq(signups.kind, 'pending'), gte(signups.createdAt, new Date(now.getTime() - PENDING_SIGNUP_MS))))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The email of a pending beta sign-up was just proven: under the beta lock, the place is taken if one is left
     * (the sign-up becomes 'beta' and the account may sign in); if the places ran out meanwhile the person goes to
     * the waiting list (their account, which never got in, is deleted, as a waiting person has none). Of two
     * proofs racing for the last place exactly one gets it.
     */
    claimPlace(email: string, spots: number, now = new Date()): Promise<ClaimOutcome> {
      return db.transaction(async (tx) => {
        await lock(tx);
        const [s] = await tx.select().from(signups).where(eq(signups.email, email)).limit(1);
        if (!s || s.kind !== 'pending') return 'not-pending';
        if (s.createdAt.getTime() < now.getTime() - PENDING_SIGNUP_MS) {
          await dropExpiredPending(tx, new Date(now.getTime() - PENDING_SIGNUP_MS), email);
          return 'expired';
        }
        if ((await countBeta(tx)) >= spots) {
          await tx.update(signups).set({ kind: 'waitlist', pendingAddress: null }).where(eq(signups.id, s.id));
          await tx.delete(users).where(and(eq(users.email, email), eq(users.accessStatus, 'pending')));
          return 'full';
        }
        await tx.update(signups).set({ kind: 'beta', pendingAddress: null }).where(eq(signups.id, s.id));
        await tx
          .update(users)
          .set({ accessStatus: 'beta', updatedAt: now })
          .where(and(eq(users.email, email), eq(users.accessStatus, 'pending')));
        return 'taken';
      });
    },

    /**
     * The retention job: pending sign-ups past their 24 hours (and their accounts) deleted; the connection digest of
     * those past their first hour forgotten. Returns how many sign-ups were deleted.
     */
    async sweepPending(now = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        await lock(tx);
        await tx
          .update(signups)
          .set({ pendingAddress: null })
          .where(and(isNotNull(signups.pendingAddress), lt(signups.createdAt, new Date(now.getTime() - PENDING_PER_ADDRESS_MS))));
        return dropExpiredPending(tx, new Date(now.getTime() - PENDING_SIGNUP_MS));
      });
    },

    async joinWaitlist(input: SignupRequest): Promise<SignupOutcome> {
      const inserted = await db
        .insert(signups)
        .values({ ...fields(input), kind: 'waitlist' })
        .onConflictDoNothing({ target: signups.email })
        .returning({ id: signups.id });
      return inserted.length > 0 ? 'created' : 'duplicate';
    },
  };
}

const fields = (input: SignupRequest) => ({
  email: input.email,
  firstName: input.firstName,
  lastName: input.lastName,
  instagramHandle: input.instagramHandle || null,
  referralSource: input.referralSource || null,
  ageBand: input.ageBand,
});
