import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  contributionNutrientFields,
  type AccountData,
  type AgeBand,
  type ContributionNutrientField,
  type ContributionPhotoKind,
  type PersonalDataKind,
} from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { photoUrl } from '../contributions/contribution.repository.ts';
import { forgetContributor } from '../off/off-outbox.repository.ts';
import {
  auditLog,
  contactMessages,
  contributionPhotos,
  contributions,
  errorReports,
  historyEntries,
  loginCodes,
  products,
  sessions,
  signups,
  users,
} from '../../db/schema.ts';

/** Whose data: found by the email they gave us, and by their account when they have one. */
export type Subject = { email: string; userId: number | null; signupIds: number[] };

/**
 * One table that holds people's data: which of its rows are a person's, what they see of them (the export,
 * Mi cuenta) and how they are erased. Account export and deletion walk this list and nothing else, and
 * `personal-data.test.ts` compares it with the schema: a table with an email or user column that is not
 * here fails the test, so a new table cannot be forgotten.
 */
export type PersonalTable<K extends PersonalDataKind = PersonalDataKind> = {
  kind: K;
  table: PgTable;
  /** The subject's rows, or null when the subject cannot have any (no account, say). */
  owned: (s: Subject) => SQL | null;
  view: (db: Db, where: SQL, s: Subject) => Promise<AccountData[K]>;
  /** What the person sees when they have no rows here. */
  none: AccountData[K];
  /**
   * 'delete' removes the rows; a function anonymises them instead (it gets the opaque id that replaces the person),
   * and returns the photo files of rows it deleted, removed once the erasure has committed.
   */
  erase: 'delete' | ((tx: Db, s: Subject, opaqueId: string) => Promise<string[] | void>);
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isoNow = (d: Date) => d.toISOString();

const byUser = (column: PgColumn) => (s: Subject) => (s.userId === null ? null : eq(column, s.userId));

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

/**
 * In erase order: rows that point at the account go before the account itself. Export order is the same.
 * Tables the person can see nothing of still belong here (login codes: when and how many tries).
 */
export const PERSONAL_TABLES: readonly PersonalTable[] = [
  {
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
  },
  {
    kind: 'sessions',
    table: sessions,
    owned: byUser(sessions.userId),
    view: async (db, where) =>
      (await db.select().from(sessions).where(where).orderBy(asc(sessions.createdAt))).map((r) => ({
        createdAt: isoNow(r.createdAt),
        expiresAt: isoNow(r.expiresAt),
      })),
    none: [],
    erase: 'delete',
  },
  {
    kind: 'loginCodes',
    table: loginCodes,
    owned: byUser(loginCodes.userId),
    view: async (db, where) =>
      (await db.select().from(loginCodes).where(where).orderBy(asc(loginCodes.createdAt))).map((r) => ({
        createdAt: isoNow(r.createdAt),
        expiresAt: isoNow(r.expiresAt),
        consumedAt: iso(r.consumedAt),
        attempts: r.attempts,
      })),
    none: [],
    erase: 'delete',
  },
  {
    kind: 'errorReports',
    table: errorReports,
    owned: byUser(errorReports.userId),
    view: async (db, where) =>
      (await db.select().from(errorReports).where(where).orderBy(asc(errorReports.createdAt), asc(errorReports.id))).map(
        (r) => ({
          errorType: r.errorType,
          description: r.description,
          productId: r.productId,
          productName: r.productName,
          createdAt: isoNow(r.createdAt),
          handledAt: iso(r.handledAt),
        }),
      ),
    none: [],
    erase: 'delete',
  },
  {
    kind: 'contributions',
    table: contributions,
    // What they sent, and (for an admin) what they reviewed.
    owned: (s) => (s.userId === null ? null : or(eq(contributions.userId, s.userId), eq(contributions.reviewedBy, s.userId))!),
    view: async (db, _where, s) => {
      if (s.userId === null) return [];
      const sent = await db
        .select()
        .from(contributions)
        .where(eq(contributions.userId, s.userId))
        .orderBy(asc(contributions.createdAt), asc(contributions.id));
      const photos = sent.length
        ? await db
            .select()
            .from(contributionPhotos)
            .where(inArray(contributionPhotos.contributionId, sent.map((c) => c.id)))
            .orderBy(asc(contributionPhotos.id))
        : [];
      return sent.map((c) => ({
        id: c.id,
        barcode: c.barcode,
        status: c.status as 'pending' | 'approved' | 'rejected' | 'refused',
        name: c.name,
        brand: c.brand,
        ingredients: c.ingredients,
        nutrients: Object.fromEntries(contributionNutrientFields.map((f) => [f, c[f]])) as Record<ContributionNutrientField, number | null>,
        isLiquid: c.isLiquid,
        photos: photos
          .filter((p) => p.contributionId === c.id)
          .map((p) => ({ kind: p.kind as ContributionPhotoKind, url: photoUrl(p.file), width: p.width, height: p.height })),
        createdAt: isoNow(c.createdAt),
        reviewedAt: iso(c.reviewedAt),
        rejectReason: c.rejectReason,
      }));
    },
    none: [],
    // What was refused or rejected has no reason to stay: deleted, photos and all. What waits for review stays until
    // an admin reviews it (rejected: deleted then) or for RETENTION.erasedContributionDays; an approved product and
    // its photos (no EXIF, no GPS) stay in the catalogue. Who sent or reviewed them, and the network digest, do not.
    erase: async (tx, s) => {
      if (s.userId === null) return [];
      const done = await tx
        .select({ id: contributions.id })
        .from(contributions)
        .where(and(eq(contributions.userId, s.userId), inArray(contributions.status, ['refused', 'rejected'])));
      const ids = done.map((c) => c.id);
      const files = ids.length
        ? (await tx.select({ file: contributionPhotos.file }).from(contributionPhotos).where(inArray(contributionPhotos.contributionId, ids))).map((p) => p.file)
        : [];
      if (ids.length) await tx.delete(contributions).where(inArray(contributions.id, ids));
      // What goes to Open Food Facts keeps going (consented, nothing personal), under a random id instead of theirs.
      const kept = await tx.select({ id: contributions.id }).from(contributions).where(eq(contributions.userId, s.userId));
      await forgetContributor(tx, kept.map((c) => c.id));
      await tx.update(contributions).set({ userId: null, ipHash: '' }).where(eq(contributions.userId, s.userId));
      await tx.update(contributions).set({ reviewedBy: null }).where(eq(contributions.reviewedBy, s.userId));
      return files;
    },
  },
  {
    kind: 'history',
    table: historyEntries,
    owned: byUser(historyEntries.userId),
    view: async (db, where) =>
      (
        await db
          .select({
            productId: historyEntries.productId,
            barcode: products.barcode,
            productName: products.name,
            brand: products.brand,
            via: historyEntries.via,
            viewedAt: historyEntries.viewedAt,
          })
          .from(historyEntries)
          .innerJoin(products, eq(products.id, historyEntries.productId))
          .where(where)
          .orderBy(desc(historyEntries.viewedAt), desc(historyEntries.id))
      ).map((h) => ({ ...h, via: h.via === 'scan' ? ('scan' as const) : ('open' as const), viewedAt: isoNow(h.viewedAt) })),
    none: [],
    erase: 'delete',
  },
  {
    kind: 'contactMessages',
    table: contactMessages,
    owned: (s) => eq(contactMessages.email, s.email),
    view: async (db, where) =>
      (
        await db.select().from(contactMessages).where(where).orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
      ).map((r) => ({
        email: r.email,
        firstName: r.firstName,
        lastName: r.lastName,
        message: r.message,
        createdAt: isoNow(r.createdAt),
        handledAt: iso(r.handledAt),
      })),
    none: [],
    erase: 'delete',
  },
  {
    kind: 'signups',
    table: signups,
    owned: (s) => eq(signups.email, s.email),
    view: async (db, where) =>
      (await db.select().from(signups).where(where).orderBy(asc(signups.createdAt))).map((r) => ({
        email: r.email,
        kind: r.kind as 'pending' | 'beta' | 'waitlist',
        ageBand: r.ageBand as AgeBand | null,
        firstName: r.firstName,
        lastName: r.lastName,
        instagramHandle: r.instagramHandle,
        referralSource: r.referralSource,
        createdAt: isoNow(r.createdAt),
        promotedAt: iso(r.promotedAt),
      })),
    none: [],
    // A beta sign-up deleted is a place given back: the places left are counted from these rows (ADR 009).
    erase: 'delete',
  },
  {
    kind: 'profile',
    table: users,
    owned: byUser(users.id),
    view: async (db, where) => {
      const [u] = await db.select().from(users).where(where).limit(1);
      if (!u) return null;
      return {
        id: u.id,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role as 'user' | 'influencer' | 'admin',
        accessStatus: u.accessStatus as 'pending' | 'beta' | 'revoked',
        historyEnabled: u.historyEnabled,
        createdAt: isoNow(u.createdAt),
        updatedAt: isoNow(u.updatedAt),
      };
    },
    none: null,
    erase: 'delete',
  },
];
