/**
 * The tables of people and what they do as themselves: accounts, sessions and sign-in codes, sign-ups, contact
 * messages and error reports, erasures under way, and the history of what a member opened or scanned.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { belongsTo, createdAt, timestamps } from './columns.ts';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  role: text('role').notNull().default('user'),
  /** 'beta' may sign in; 'revoked' may not. */
  accessStatus: text('access_status').notNull().default('beta'),
  passwordHash: text('password_hash'),
  /** Historial: false once the person turned it off (nothing more is recorded, what was kept is deleted). */
  historyEnabled: boolean('history_enabled').notNull().default(true),
  /**
   * The anonymous id Open Food Facts receives with what this account contributed (`app_uuid`, docs/off-write.md):
   * random, not derived from anything of the person, gone with the account.
   */
  offAppUuid: text('off_app_uuid').notNull().default(sql`gen_random_uuid()::text`),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: belongsTo('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time sign-in codes sent by email: only a hash is stored, each is good for 10 minutes, one use and
 * 5 tries (modules/auth/login-code.repository.ts). One row per person (unique): a new code takes the row's place
 * only once the previous one is dead, in one statement, so two requests at once send the same code.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    /**
     * The code sealed (AES-256-GCM, key from COOKIE_SECRET, modules/auth/code-seal.ts) so that a new request while
     * it is live resends the same code instead of replacing the one in the person's inbox; null when unsealable.
     */
    codeSealed: text('code_sealed'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_codes_user_idx').on(t.userId)],
);

export const signups = pgTable('signups', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  /**
   * 'pending' (a beta place asked for, the email not yet proven: no place taken, deleted 24 h after created_at),
   * 'beta' (the place taken when the sign-in code proved the email) or 'waitlist' (modules/signup, issue 33).
   */
  kind: text('kind').notNull(),
  /** Ley 21.719: '16-o-mas' or 'menor-16-con-autorizacion', as the person declared it; null for sign-ups before it was asked. */
  ageBand: text('age_band'),
  /**
   * While pending, and for its first hour only: a digest of the connection it came from, so one connection holds
   * one unproven sign-up at a time. Cleared once the email is proven and by the retention job after the hour.
   */
  pendingAddress: text('pending_address'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  instagramHandle: text('instagram_handle'),
  referralSource: text('referral_source'),
  createdAt: createdAt(),
  promotedAt: timestamp('promoted_at', { withTimezone: true }),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const errorReports = pgTable('error_reports', {
  id: serial('id').primaryKey(),
  errorType: text('error_type').notNull(),
  description: text('description').notNull().default(''),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  productName: text('product_name').notNull().default(''),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * An erasure whose rows are gone (committed with this row) while its files may not be yet: the outbox mail naming
 * the person, the photos of what they sent that was deleted. Finished right after the commit, at the next start when
 * a crash came in between, or when an admin asks again (modules/account). It keeps no email: a digest to recognise
 * a repeated request by, and the photo files' names.
 */
export const erasureJobs = pgTable(
  'erasure_jobs',
  {
    id: serial('id').primaryKey(),
    subjectDigest: text('subject_digest').notNull(),
    photoFiles: jsonb('photo_files').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('erasure_jobs_subject_idx').on(t.subjectDigest)],
);

/**
 * Historial (issue 16): a product a member opened or scanned. One row per person, product and Chilean calendar
 * day: opening it again that day moves the row to the top (new `viewed_at`, latest `via`) instead of adding one.
 * At most HISTORY.maxEntries rows per person, trimmed in the transaction that inserts (history.repository.ts).
 */
export const historyEntries = pgTable(
  'history_entries',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    productId: belongsTo('product_id', () => products.id),
    /** 'scan' (from the scanner) or 'open' (any other way). */
    via: text('via').notNull(),
    /** The day of `viewed_at` in Chile (HISTORY.timeZone): what "the same day" means. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Millisecond precision: the page cursor is `<ms>-<id>`, exact in JavaScript. */
    viewedAt: timestamp('viewed_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('history_entries_user_product_day_idx').on(t.userId, t.productId, t.day),
    index('history_entries_user_viewed_idx').on(t.userId, t.viewedAt.desc(), t.id.desc()),
    index('history_entries_viewed_idx').on(t.viewedAt),
    index('history_entries_product_idx').on(t.productId),
  ],
);
