/** Contributions: what shoppers send, their photos (and the photos' bytes on PostgreSQL), and the outbox to Open Food Facts. */
import { boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ContributionReadings } from '@etiqueta/contracts';
import { products } from './catalogue.ts';
import { belongsTo, createdAt, nutrientColumns } from './columns.ts';
import { users } from './people.ts';

/** The product's columns a trusted publication wrote: their values before it and right after it. */
export type PublishedImage = { before: Record<string, unknown>; after: Record<string, unknown> };

/**
 * "Agregar este producto": what a signed-in shopper sent for a code we lack, waiting for an admin. The text
 * fields are the shopper's, unchecked against the pack until approval; nothing here is shown to anyone but
 * admins before then. `ipHash` (SHA-256 of the address, never the address) only counts contributions per network.
 */
export const contributions = pgTable(
  'contributions',
  {
    id: serial('id').primaryKey(),
    barcode: text('barcode').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipHash: text('ip_hash').notNull(),
    /** 'pending', 'approved' or 'rejected'. */
    status: text('status').notNull().default('pending'),
    name: text('name'),
    brand: text('brand'),
    ingredients: text('ingredients'),
    ...nutrientColumns,
    /** From the table's column: true for "100 mL" (a drink), false for "100 g", null when not said. */
    isLiquid: boolean('is_liquid'),
    /** What the label reader read per field (value, OCR text, mark, box in the stored photo's pixels). */
    readings: jsonb('readings').$type<ContributionReadings>().notNull().default({}),
    /** The sender agreed, when sending, that once approved it goes to Open Food Facts (ODbL, photos CC BY-SA). */
    offConsent: boolean('off_consent').notNull().default(false),
    /**
     * Published at once, without review, because its sender is trusted (CONTRIBUTIONS_TRUST_AFTER approved and none
     * rejected; issue 25, docs/contributions.md "Trusted contributors"). Its `status` is 'approved' from the start.
     */
    trusted: boolean('trusted').notNull().default(false),
    /** A trusted publication: the product's columns it wrote, as they were before and right after (the revert's image). */
    publishedImage: jsonb('published_image').$type<PublishedImage>(),
    /** An admin looked at a trusted publication ("Visto"): it may go to Open Food Facts now. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** An admin reverted a trusted publication: the product is back as it was, the contribution 'rejected'. */
    revertedAt: timestamp('reverted_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contributions_status_created_idx').on(t.status, t.createdAt),
    index('contributions_user_created_idx').on(t.userId, t.createdAt),
    index('contributions_ip_created_idx').on(t.ipHash, t.createdAt),
  ],
);

/**
 * A contribution's photos: re-encoded JPEGs without metadata, kept under `file` in UPLOADS_DIR (PGlite) or in
 * `photo_blobs` (PostgreSQL) — photo-store.ts.
 */
export const contributionPhotos = pgTable(
  'contribution_photos',
  {
    id: serial('id').primaryKey(),
    contributionId: belongsTo('contribution_id', () => contributions.id),
    /** 'front', 'ingredients' or 'nutrition'. */
    kind: text('kind').notNull(),
    file: text('file').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [index('contribution_photos_contribution_idx').on(t.contributionId)],
);

/** PostgreSQL's bytea as a Buffer: node-postgres and PGlite both read it as bytes. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The photos' bytes when the database is PostgreSQL (ADR 022): any API process serves any photo. Named like the
 * files of the folder store; written before the contribution's row, removed with it when that write fails.
 */
export const photoBlobs = pgTable('photo_blobs', {
  file: text('file').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** The form fields of one OFF product write (product_jqm2.pl), without the account's credentials. */
export type OffProductFields = Record<string, string>;
/** One photo to upload to OFF: its `imagefield` (front_es…) and the stored photo's file. */
export type OffPhoto = { field: string; file: string };

/**
 * The outbox to Open Food Facts (ADR 025, docs/off-write.md): one row per approved contribution whose sender
 * consented, written in the approval's transaction. The sender claims a row (`claimed_until`, a lease), sends the
 * product fields then each photo, and records each step as it succeeds (`fields_sent_at`, `photos_sent`), so a
 * step OFF accepted is not sent again after a restart. `app_uuid` is the contributor's anonymous OFF id, replaced by
 * a random one when the account is erased; nothing here names a person.
 */
export const offOutbox = pgTable(
  'off_outbox',
  {
    id: serial('id').primaryKey(),
    contributionId: belongsTo('contribution_id', () => contributions.id).unique(),
    barcode: text('barcode').notNull(),
    fields: jsonb('fields').$type<OffProductFields>().notNull(),
    photos: jsonb('photos').$type<OffPhoto[]>().notNull().default([]),
    appUuid: text('app_uuid').notNull(),
    /** 'pending' (to send, or being sent), 'sent', 'failed' (OFF refused it; `last_error` says why), or 'cancelled' (a trusted publication reverted before it went). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    fieldsSentAt: timestamp('fields_sent_at', { withTimezone: true }),
    /** The `imagefield`s OFF has accepted. */
    photosSent: jsonb('photos_sent').$type<string[]>().notNull().default([]),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('off_outbox_state_next_idx').on(t.state, t.nextAttemptAt)],
);
