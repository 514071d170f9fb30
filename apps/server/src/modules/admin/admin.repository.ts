import { asc, desc, eq, ne } from 'drizzle-orm';
import type { AdminContactMessage, AdminErrorReport, AdminSignup, AdminUser } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { auditLog, contactMessages, errorReports, sessions, signups, users } from '../../db/schema.ts';
import type { ForgetSessions } from '../auth/session.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type UserRow = typeof users.$inferSelect;
const toUser = (u: UserRow): AdminUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role as AdminUser['role'],
  accessStatus: u.accessStatus as AdminUser['accessStatus'],
  createdAt: u.createdAt.toISOString(),
});

export function createAdminRepository(db: Db, cachedSessions: ForgetSessions) {
  /** A message or an error report marked handled (now) or open again; false when there is no such row. */
  async function setHandled(table: typeof contactMessages | typeof errorReports, id: number, handled: boolean): Promise<boolean> {
    const rows = await db
      .update(table)
      .set({ handledAt: handled ? new Date() : null })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    return rows.length > 0;
  }

  return {
    async listUsers(): Promise<AdminUser[]> {
      // A pending beta sign-up's account is not a member until the email is proven (it shows under sign-ups).
      return (await db.select().from(users).where(ne(users.accessStatus, 'pending')).orderBy(asc(users.email))).map(toUser);
    },

    async updateUser(id: number, patch: { role?: string; accessStatus?: string }, actorUserId: number): Promise<AdminUser | null> {
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
        if (!before) return null;
        const [row] = await tx
          .update(users)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        // A revoked member is signed out everywhere at once.
        if (patch.accessStatus === 'revoked') await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.insert(auditLog).values({
          actorUserId,
          action: 'user.update',
          entity: 'user',
          entityId: String(id),
          changes: { before: { role: before.role, accessStatus: before.accessStatus }, after: patch },
        });
        return toUser(row!);
      });
      // Only once the change has committed: a request in between must not cache the old role again.
      cachedSessions.forget(id);
      return updated;
    },

    /**
     * Creates a staff account, or resets an existing one's role and password (the operator's way in: the
     * admin CLI, or the running server's control socket). Audited without the password or its hash.
     */
    async setStaffAccount(account: { email: string; role: 'admin' | 'influencer'; passwordHash: string }, via: string): Promise<AdminUser> {
      const user = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email: account.email, role: account.role, passwordHash: account.passwordHash, accessStatus: 'beta' })
          .onConflictDoUpdate({
            target: users.email,
            set: { role: account.role, passwordHash: account.passwordHash, accessStatus: 'beta', updatedAt: new Date() },
          })
          .returning();
        await tx.insert(auditLog).values({
          actorUserId: null,
          action: 'user.set-staff',
          entity: 'user',
          entityId: String(row!.id),
          changes: { email: account.email, role: account.role, via },
        });
        return toUser(row!);
      });
      // A role changed on an existing account holds from its next request on.
      cachedSessions.forget(user.id);
      return user;
    },

    async listSignups(): Promise<AdminSignup[]> {
      const rows = await db.select().from(signups).orderBy(desc(signups.createdAt), desc(signups.id));
      return rows.map(({ pendingAddress: _connection, ...s }) => ({
        ...s,
        kind: s.kind as AdminSignup['kind'],
        ageBand: s.ageBand as AdminSignup['ageBand'],
        createdAt: s.createdAt.toISOString(),
        promotedAt: iso(s.promotedAt),
      }));
    },

    /** Moves a waitlisted person into the beta (an admin's decision, beyond the public places). */
    async promote(signupId: number, actorUserId: number): Promise<'ok' | 'not-found' | 'already-beta'> {
      return db.transaction(async (tx) => {
        const [s] = await tx.select().from(signups).where(eq(signups.id, signupId)).limit(1);
        if (!s) return 'not-found';
        if (s.kind === 'beta') return 'already-beta';
        await tx.update(signups).set({ kind: 'beta', promotedAt: new Date() }).where(eq(signups.id, signupId));
        await tx
          .insert(users)
          .values({ email: s.email, firstName: s.firstName, lastName: s.lastName, role: 'user', accessStatus: 'beta' })
          .onConflictDoUpdate({ target: users.email, set: { accessStatus: 'beta', updatedAt: new Date() } });
        await tx.insert(auditLog).values({ actorUserId, action: 'signup.promote', entity: 'signup', entityId: String(signupId), changes: { email: s.email } });
        return 'ok';
      });
    },

    async listMessages(): Promise<AdminContactMessage[]> {
      const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
      return rows.map((m) => ({ ...m, handledAt: iso(m.handledAt), createdAt: m.createdAt.toISOString() }));
    },

    setMessageHandled: (id: number, handled: boolean) => setHandled(contactMessages, id, handled),

    async listErrorReports(): Promise<AdminErrorReport[]> {
      const rows = await db
        .select({ report: errorReports, userEmail: users.email })
        .from(errorReports)
        .leftJoin(users, eq(users.id, errorReports.userId))
        .orderBy(desc(errorReports.createdAt), desc(errorReports.id));
      return rows.map(({ report: r, userEmail }) => ({
        id: r.id,
        errorType: r.errorType,
        description: r.description,
        productId: r.productId,
        productName: r.productName,
        userEmail: userEmail ?? null,
        handledAt: iso(r.handledAt),
        createdAt: r.createdAt.toISOString(),
      }));
    },

    setReportHandled: (id: number, handled: boolean) => setHandled(errorReports, id, handled),
  };
}
