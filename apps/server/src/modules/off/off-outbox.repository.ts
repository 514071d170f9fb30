import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { offOutbox, type OffPhoto, type OffProductFields } from '../../db/schema.ts';

type Exec = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type OutboxRow = typeof offOutbox.$inferSelect;

const leaseFromNow = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** The outbox to Open Food Facts (ADR 025): its rows, their claims and the record of each step. */
export function createOffOutboxRepository(db: Db) {
  const set = async (id: number, values: { [K in keyof typeof offOutbox.$inferInsert]?: (typeof offOutbox.$inferInsert)[K] | SQL }) => {
    await db.update(offOutbox).set(values).where(eq(offOutbox.id, id));
  };
  return {
    /** In the approval's transaction; a contribution has at most one row. */
    async enqueue(tx: Exec, values: { contributionId: number; barcode: string; fields: OffProductFields; photos: OffPhoto[]; appUuid: string }): Promise<void> {
      await tx.insert(offOutbox).values(values).onConflictDoNothing({ target: offOutbox.contributionId });
    },

    /**
     * One due row, claimed for `leaseMs` (null when none): rows another sender holds (locked now, or leased and
     * its lease still running) are skipped. One statement, the same on PGlite and PostgreSQL.
     */
    async claim(leaseMs: number): Promise<OutboxRow | null> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update off_outbox set claimed_until = ${leaseFromNow(leaseMs)}
            where id = (select id from off_outbox
                        where state = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
                        order by next_attempt_at, id limit 1 for update skip locked)
            returning id`,
      );
      const id = rows[0]?.id;
      if (id === undefined) return null;
      const [row] = await db.select().from(offOutbox).where(eq(offOutbox.id, id));
      return row ?? null;
    },

    /** OFF saved the fields: recorded, the failures-in-a-row count back to 0, the lease renewed. */
    fieldsSent: (id: number, leaseMs: number) => set(id, { fieldsSentAt: new Date(), attempts: 0, claimedUntil: leaseFromNow(leaseMs) }),
    photosSent: (id: number, fields: string[], leaseMs: number) => set(id, { photosSent: fields, attempts: 0, claimedUntil: leaseFromNow(leaseMs) }),
    /** Only a row still pending: one cancelled by a revert while its last step was in flight stays cancelled. */
    async sent(id: number): Promise<void> {
      await db
        .update(offOutbox)
        .set({ state: 'sent', sentAt: new Date(), claimedUntil: null, lastError: null })
        .where(and(eq(offOutbox.id, id), eq(offOutbox.state, 'pending')));
    },
    failed: (id: number, error: string) => set(id, { state: 'failed', lastError: error, claimedUntil: null }),
    retryAt: (id: number, attempts: number, error: string, at: Date) => set(id, { attempts, lastError: error, claimedUntil: null, nextAttemptAt: at }),
    release: (id: number) => set(id, { claimedUntil: null }),

    /**
     * A revert (in its transaction): the row, if any, stops being sent. Returns its state before: `sent` (OFF has
     * it all), `pending` (now cancelled; a step in flight at this moment may still reach OFF), or null (no row).
     */
    async cancel(tx: Exec, contributionId: number): Promise<string | null> {
      const [row] = await tx.select({ state: offOutbox.state }).from(offOutbox).where(eq(offOutbox.contributionId, contributionId)).for('update');
      if (!row) return null;
      if (row.state === 'pending' || row.state === 'failed') {
        await tx.update(offOutbox).set({ state: 'cancelled', claimedUntil: null }).where(eq(offOutbox.contributionId, contributionId));
      }
      return row.state;
    },

    /**
     * "Reintentar envío": a row in error — refused (`failed`) or waiting after a failed attempt — is due now, its
     * count of failures reset. 'missing' when the contribution has no row; 'not_in_error' when it was sent, is
     * cancelled, or has had no error.
     */
    async retry(tx: Exec, contributionId: number): Promise<'retried' | 'missing' | 'not_in_error'> {
      const [row] = await tx.select().from(offOutbox).where(eq(offOutbox.contributionId, contributionId)).for('update');
      if (!row) return 'missing';
      if (!isRetryable(row)) return 'not_in_error';
      await tx
        .update(offOutbox)
        .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
        .where(eq(offOutbox.id, row.id));
      return 'retried';
    },

    async byContribution(contributionIds: number[]): Promise<OutboxRow[]> {
      if (contributionIds.length === 0) return [];
      return db.select().from(offOutbox).where(inArray(offOutbox.contributionId, contributionIds));
    },
  };
}

export type OffOutboxRepository = ReturnType<typeof createOffOutboxRepository>;

/** In error, so an admin may send it again now: refused, or pending after a failed attempt. */
export const isRetryable = (row: Pick<OutboxRow, 'state' | 'lastError'>): boolean =>
  row.state === 'failed' || (row.state === 'pending' && row.lastError !== null);

/** Erasing an account: its rows keep going to OFF (consented, nothing personal), each under a new random id. */
export async function forgetContributor(tx: Exec, contributionIds: number[]): Promise<void> {
  if (contributionIds.length === 0) return;
  await tx
    .update(offOutbox)
    .set({ appUuid: sql`gen_random_uuid()::text` })
    .where(inArray(offOutbox.contributionId, contributionIds));
}
