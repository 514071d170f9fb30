/**
 * The personal-data registry (ADR 009): every table that can name a person, in erase order, each with the rows that
 * are the person's, what they see of them (the export, Mi cuenta) and how they are erased. Account export and
 * deletion walk this list and nothing else; `personal-data.test.ts` compares it with the schema. The audit log's
 * and the contributions' entries have their own files; the entries' shape is personal-table.ts.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { AgeBand } from '@etiqueta/contracts';
import { contactMessages, errorReports, historyEntries, loginCodes, products, sessions, signups, users } from '../../db/schema.ts';
import { auditEntries } from './personal-data-audit.ts';
import { contributionsData } from './personal-data-contributions.ts';
import { byUser, iso, isoNow, type PersonalTable } from './personal-table.ts';

/**
 * In erase order: rows that point at the account go before the account itself. Export order is the same.
 * Tables the person can see nothing of still belong here (login codes: when and how many tries).
 */
export const PERSONAL_TABLES: readonly PersonalTable[] = [
  auditEntries,
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
  contributionsData,
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
