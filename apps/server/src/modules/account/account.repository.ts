import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AccountData, PersonalDataKind } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { erasureJobs, signups, users } from '../../db/schema.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import type { ForgetSessions } from '../auth/session.repository.ts';
import { PERSONAL_TABLES } from './personal-data.ts';
import type { Subject } from './personal-table.ts';

export type ErasureReceipt = { opaqueId: string; rows: Partial<Record<PersonalDataKind, number>>; job: ErasureJob };

/** What an erasure still has to do once its rows are gone: files. (schema.ts `erasureJobs`) */
export type ErasureJob = { id: number; subjectDigest: string; photoFiles: string[] };

/**
 * How an erasure job knows its person without keeping the email: a digest of it (an admin's retry, or an outbox
 * file's addresses, digested the same way, match it).
 */
export const subjectDigest = (email: string) =>
  crypto.createHash('sha256').update(`erasure:${email.trim().toLowerCase()}`).digest('hex');

/** Who did it: the person themselves, or an admin serving their request (recorded as such). */
export type Requester = { by: 'titular' } | { by: 'admin'; adminUserId: number };

export function createAccountRepository(db: Db, cachedSessions: ForgetSessions) {
  return {
    /** The person behind an email (or account), or null when we hold nothing keyed by it. */
    async findSubject(by: { email: string } | { userId: number }): Promise<Subject | null> {
      const [user] =
        'userId' in by
          ? await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, by.userId)).limit(1)
          : await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, by.email)).limit(1);
      const email = user?.email ?? ('email' in by ? by.email : null);
      if (email === null) return null;
      const signupIds = (await db.select({ id: signups.id }).from(signups).where(eq(signups.email, email))).map((s) => s.id);
      return { email, userId: user?.id ?? null, signupIds };
    },

    /** Everything we hold about the subject, table by table as PERSONAL_TABLES lists them. */
    async collect(s: Subject): Promise<AccountData> {
      const data: Partial<Record<PersonalDataKind, unknown>> = {};
      for (const entry of PERSONAL_TABLES) {
        const where = entry.owned(s);
        data[entry.kind] = where ? await entry.view(db, where, s) : entry.none;
      }
      return data as AccountData;
    },

    /** Corrects the name everywhere the person gave it to us to run their account (rectification, art. 6). */
    async rename(userId: number, name: { firstName: string; lastName: string }): Promise<boolean> {
      const renamed = await db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ ...name, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning({ email: users.email });
        if (!user) return false;
        await tx.update(signups).set(name).where(eq(signups.email, user.email));
        return true;
      });
      // Signed-in requests carry the name from the session cache: it must not show the old one.
      if (renamed) cachedSessions.forget(userId);
      return renamed;
    },

    /**
     * Erases the subject from every table in PERSONAL_TABLES in one transaction, and records that it happened
     * under an opaque id that names no one. Their sessions go with the rest, and the session cache forgets
     * them once it has committed, so every device is signed out at once.
     */
    async erase(s: Subject, requester: Requester): Promise<ErasureReceipt> {
      const opaqueId = `titular-${crypto.randomUUID()}`;
      const rows: ErasureReceipt['rows'] = {};
      const job = await db.transaction(async (tx) => {
        const photoFiles: string[] = [];
        for (const entry of PERSONAL_TABLES) {
          const where = entry.owned(s);
          if (!where) continue;
          if (entry.erase === 'delete') {
            rows[entry.kind] = (await tx.delete(entry.table).where(where).returning()).length;
          } else {
            photoFiles.push(...((await entry.erase(tx, s, opaqueId)) ?? []));
          }
        }
        await recordAudit(tx, {
          actorUserId: requester.by === 'admin' ? requester.adminUserId : null,
          action: 'personal-data.erase',
          entity: 'person',
          entityId: opaqueId,
          changes: { requestedBy: requester.by, rows },
        });
        // The files are removed after the commit; this row, committed with the rest, says what is left if a crash
        // comes first.
        const [created] = await tx.insert(erasureJobs).values({ subjectDigest: subjectDigest(s.email), photoFiles }).returning();
        return { id: created!.id, subjectDigest: created!.subjectDigest, photoFiles: created!.photoFiles };
      });
      if (s.userId !== null) cachedSessions.forget(s.userId);
      return { opaqueId, rows, job };
    },

    /** Erasures whose files may not all be gone yet (all of them, or one person's by digest). */
    async pendingErasures(digest?: string): Promise<ErasureJob[]> {
      const rows = await db
        .select()
        .from(erasureJobs)
        .where(digest === undefined ? undefined : eq(erasureJobs.subjectDigest, digest))
        .orderBy(erasureJobs.id);
      return rows.map((r) => ({ id: r.id, subjectDigest: r.subjectDigest, photoFiles: r.photoFiles }));
    },

    /** The job's files are gone: nothing of the person is left to remove. */
    async erasureDone(id: number): Promise<void> {
      await db.delete(erasureJobs).where(eq(erasureJobs.id, id));
    },

    /** An admin handed a person their data: on record, by email (scrubbed if the person is later erased). */
    async recordAdminExport(s: Subject, adminUserId: number): Promise<void> {
      await recordAudit(db, {
        actorUserId: adminUserId,
        action: 'personal-data.export',
        entity: 'person',
        entityId: null,
        changes: { email: s.email },
      });
    },
  };
}
