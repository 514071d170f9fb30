/**
 * The audit log in the personal-data registry: the entries about a person (their account, their sign-ups, what
 * they did as an admin, or naming their email), shown to them, and on erasure kept with an opaque id in their place.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { isoNow, type PersonalTable, type Subject } from './personal-table.ts';

/** Audit entries about the person: their account, their sign-ups, what they did as an admin, or naming their email. */
const auditAbout = (s: Subject): SQL => {
  const conditions: (SQL | undefined)[] = [
    sql`strpos(lower(${auditLog.changes}::text), ${s.email.toLowerCase()}) > 0`,
  ];
  if (s.userId !== null) {
    conditions.push(eq(auditLog.actorUserId, s.userId));
    conditions.push(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(s.userId))));
  }
  if (s.signupIds.length > 0) {
    conditions.push(and(eq(auditLog.entity, 'signup'), inArray(auditLog.entityId, s.signupIds.map(String))));
  }
  return or(...conditions)!;
};

/** Whether an audit entry is about the person (their account or sign-up) and whether they made it. */
const auditRole = (row: typeof auditLog.$inferSelect, s: Subject) => ({
  about:
    (row.entity === 'user' && s.userId !== null && row.entityId === String(s.userId)) ||
    (row.entity === 'signup' && s.signupIds.map(String).includes(row.entityId ?? '')),
  actor: s.userId !== null && row.actorUserId === s.userId,
});

/** Replaces every string that holds the email, anywhere in an audit entry's JSON, with the opaque id. */
function scrub(value: unknown, email: string, opaqueId: string): unknown {
  if (typeof value === 'string') return value.toLowerCase().includes(email) ? opaqueId : value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, email, opaqueId));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, email, opaqueId)]));
  }
  return value;
}

export const auditEntries: PersonalTable<'auditEntries'> = {
    kind: 'auditEntries',
    table: auditLog,
    owned: auditAbout,
    view: async (db, where, s) =>
      (await db.select().from(auditLog).where(where).orderBy(asc(auditLog.createdAt), asc(auditLog.id))).map((a) => {
        const role = auditRole(a, s);
        const namesThem = JSON.stringify(a.changes).toLowerCase().includes(s.email.toLowerCase());
        return {
          action: a.action,
          entity: a.entity,
          // What an admin did to others names those others: the details show only when the entry is about this person.
          changes: role.about || namesThem ? a.changes : {},
          createdAt: isoNow(a.createdAt),
        };
      }),
    none: [],
    // Who did what stays on record (security, art. 13 d); who the person was does not.
    erase: async (tx, s, opaqueId) => {
      const rows = await tx.select().from(auditLog).where(auditAbout(s));
      for (const row of rows) {
        const { about: aboutSubject, actor: actedBySubject } = auditRole(row, s);
        const changes = scrub(row.changes, s.email.toLowerCase(), opaqueId) as Record<string, unknown>;
        await tx
          .update(auditLog)
          .set({
            actorUserId: actedBySubject ? null : row.actorUserId,
            entityId: aboutSubject ? opaqueId : row.entityId,
            changes: actedBySubject ? { ...changes, actor: opaqueId } : changes,
          })
          .where(eq(auditLog.id, row.id));
      }
    },
  };
