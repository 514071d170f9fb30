import { count, eq, sql } from 'drizzle-orm';
import type { SignupRequest } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { signups, users } from '../../db/schema.ts';

/** Serialises beta sign-ups so concurrent requests cannot hand out more places than there are. */
const BETA_LOCK_KEY = 20_606_001;

export type SignupOutcome = 'created' | 'duplicate' | 'full';

export function createSignupRepository(db: Db) {
  const countBeta = async (tx: Db) => {
    const [row] = await tx.select({ n: count() }).from(signups).where(eq(signups.kind, 'beta'));
    return row?.n ?? 0;
  };

  return {
    countBeta: () => countBeta(db),

    /** Takes a beta place and authorises the email to sign in, all or nothing. */
    claimBetaSpot(input: SignupRequest, spots: number): Promise<SignupOutcome> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BETA_LOCK_KEY})`);
        const existing = await tx.select({ id: signups.id }).from(signups).where(eq(signups.email, input.email)).limit(1);
        if (existing.length > 0) return 'duplicate';
        if ((await countBeta(tx)) >= spots) return 'full';
        await tx.insert(signups).values({ ...fields(input), kind: 'beta' });
        await tx
          .insert(users)
          .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, role: 'user', accessStatus: 'beta' })
          .onConflictDoNothing({ target: users.email });
        return 'created';
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
});
