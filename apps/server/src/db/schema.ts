import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  DetectedAdditive,
  DetectedSuspect,
  IngredientReadingSummary,
  OffAllergenTags,
  ProductAllergens,
  ProductDiets,
  ScoreReason,
  Seal,
} from '@etiqueta/domain';
import type { ContributionReadings } from '@etiqueta/contracts';

/**
 * Fields a shopper completed (an approved contribution), each with the value the record held before — OFF's,
 * or null. The sync keeps the shopper's value while OFF's record carries none or still that same one; once OFF
 * carries another, OFF's wins and the field leaves this map (sync.service.ts mergeSource, docs/contributions.md).
 */
export type CompletedFields = Record<string, { was: string | number | boolean | null; contributionId: number }>;

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  icon: text('icon'),
  productCount: integer('product_count').notNull().default(0),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    productCount: integer('product_count').notNull().default(0),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);

export const sub2categories = pgTable(
  'sub2categories',
  {
    id: serial('id').primaryKey(),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    productCount: integer('product_count').notNull().default(0),
  },
  (t) => [uniqueIndex('sub2categories_parent_slug_idx').on(t.subcategoryId, t.slug)],
);

export type ProductImages = { primary: string | null; thumbnail: string | null; gallery: string[] };

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    barcode: text('barcode').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    ingredients: text('ingredients'),
    images: jsonb('images').$type<ProductImages>(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    sub2categoryId: integer('sub2category_id').references(() => sub2categories.id, { onDelete: 'set null' }),
    organic: boolean('organic').notNull().default(false),
    nutriscoreCategory: text('nutriscore_category').notNull().default('solid'),
    isWater: boolean('is_water').notNull().default(false),
    isRedMeat: boolean('is_red_meat').notNull().default(false),
    /** Sold by volume (OFF's values per 100 mL, or its quantity in mL): Chilean seals per 100 mL. */
    isLiquid: boolean('is_liquid').notNull().default(false),
    /**
     * What a shopper could buy instead (issue 26): its shelf's substitute family ('other' when it has no shelf).
     * Never shown; "Mejores opciones" and "Solo mejores que X" offer only products of the same family.
     */
    substituteFamily: text('substitute_family').notNull().default('other'),
    frutasPercentage: real('frutas_percentage'),
    verdurasPercentage: real('verduras_percentage'),
    legumesPercentage: real('legumes_percentage'),
    nutsPercentage: real('nuts_percentage'),
    energyKcal100: real('energy_kcal_100'),
    energyEstimated: boolean('energy_estimated').notNull().default(false),
    totalFatG100: real('total_fat_g_100'),
    saturatedFatG100: real('saturated_fat_g_100'),
    carbohydratesG100: real('carbohydrates_g_100'),
    totalSugarsG100: real('total_sugars_g_100'),
    fiberG100: real('fiber_g_100'),
    proteinG100: real('protein_g_100'),
    sodiumMg100: real('sodium_mg_100'),
    /**
     * What Open Food Facts says of allergens, traces and diets (`allergens_tags`, `traces_tags`,
     * `ingredients_analysis_tags`), as the record gives them; null when it gives none. Read with the list.
     */
    offAllergenTags: jsonb('off_allergen_tags').$type<OffAllergenTags | null>(),
    /**
     * The NOVA group an admin set from the package (1–4), or null: when set it is the product's group instead of
     * our estimate. Open Food Facts never sends one; an admin's lock keeps it against the sync.
     */
    novaOverride: smallint('nova_override'),
    // Computed by the domain package; recomputed on import, on edit and when an additive changes.
    detectedAdditives: jsonb('detected_additives').$type<DetectedAdditive[]>().notNull().default([]),
    ultraprocessed: jsonb('ultraprocessed').$type<DetectedSuspect[]>().notNull().default([]),
    novaGroup: smallint('nova_group'),
    /** How the ingredient list was read (readIngredientList); null without a list. Every claim of absence rests on it. */
    ingredientReading: jsonb('ingredient_reading').$type<IngredientReadingSummary | null>(),
    nutriscore: jsonb('nutriscore').$type<Record<string, unknown> | null>(),
    healthScore: real('health_score'),
    scoreReasons: jsonb('score_reasons').$type<ScoreReason[]>().notNull().default([]),
    seals: jsonb('seals').$type<Seal[]>().notNull().default([]),
    scoreVersion: text('score_version'),
    /** Allergens and traces (domain readAllergens): 'complete' only when the list was read well or OFF says en:none. */
    allergens: jsonb('allergens')
      .$type<ProductAllergens>()
      .notNull()
      .default({ status: 'unknown', contains: [], traces: [] }),
    /** Vegan, vegetarian, palm oil, sweeteners, lactose: each 'yes' | 'no' | 'maybe' | 'unknown'. */
    diets: jsonb('diets')
      .$type<ProductDiets>()
      .notNull()
      .default({ vegan: 'unknown', vegetarian: 'unknown', palmOil: 'unknown', sweeteners: 'unknown', lactose: 'unknown' }),
    /** Lower-cased, unaccented name, brand and category names: what search matches against. */
    searchText: text('search_text').notNull().default(''),
    source: text('source').notNull().default('admin'),
    sourceModifiedAt: timestamp('source_modified_at', { withTimezone: true }),
    /** Fields an admin edited; a sync never overwrites them. */
    lockedFields: text('locked_fields').array().notNull().default(sql`'{}'::text[]`),
    /** Fields a shopper completed: kept against the sync until OFF's record carries a newer value (`CompletedFields`). */
    completedFields: jsonb('completed_fields').$type<CompletedFields>().notNull().default({}),
    /** The last complete-listing run (OFF's export) that listed this product; a later one that does not removes it. */
    listedInRun: integer('listed_in_run'),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId, t.name),
    index('products_score_version_idx').on(t.scoreVersion),
    // "Mejores opciones" (ADR 015): the best scores of a shelf, solids and liquids apart, read in index order
    // (its first column also serves what the former index on sub2category_id alone did).
    // The query orders by exactly these columns (score desc nulls last, then id), so it reads the first rows in
    // index order and stops: no sort of the shelf.
    index('products_sub2category_score_idx').on(t.sub2categoryId, t.isLiquid, t.healthScore.desc().nullsLast(), t.id),
    index('products_subcategory_score_idx').on(t.subcategoryId, t.isLiquid, t.healthScore.desc().nullsLast(), t.id),
    // "Mejores opciones" past the shelf: the best of the product's whole substitute family, in the same order.
    index('products_family_score_idx').on(t.substituteFamily, t.isLiquid, t.healthScore.desc().nullsLast(), t.id),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_fts_idx').using('gin', sql`to_tsvector('public.es_unaccent', ${t.searchText})`),
  ],
);

export const additives = pgTable(
  'additives',
  {
    id: serial('id').primaryKey(),
    code: text('code'),
    name: text('name').notNull(),
    riskLevel: text('risk_level').notNull().default('Sin riesgo conocido'),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    alternativeNames: text('alternative_names').array().notNull().default(sql`'{}'::text[]`),
    englishNames: text('english_names').array().notNull().default(sql`'{}'::text[]`),
    reason: text('reason').notNull().default(''),
    source: text('source').notNull().default(''),
    /**
     * Set when an admin creates or edits the row: from then on the row is the admin's and the catalogue seed
     * leaves it alone; every other row follows our catalogue (docs/scoring.md §1).
     */
    editedByAdmin: boolean('edited_by_admin').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('additives_code_idx').on(t.code)],
);

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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /**
     * The code sealed (AES-256-GCM, key from COOKIE_SECRET, modules/auth/code-seal.ts) so that a new request while
     * it is live resends the same code instead of replacing the one in the person's inbox; null when unsealable.
     */
    codeSealed: text('code_sealed'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  promotedAt: timestamp('promoted_at', { withTimezone: true }),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const errorReports = pgTable('error_reports', {
  id: serial('id').primaryKey(),
  errorType: text('error_type').notNull(),
  description: text('description').notNull().default(''),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  productName: text('product_name').notNull().default(''),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SyncRejection = { barcode: string | null; reason: string };

export type SyncRunProgress = {
  stage: string;
  bytesRead: number;
  bytesTotal: number | null;
  recordsRead: number;
  recordsKept: number;
  recordsProcessed: number;
  etaSeconds: number | null;
  updatedAt: string;
};

export const syncRuns = pgTable(
  'sync_runs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    rejections: jsonb('rejections').$type<SyncRejection[]>().notNull().default([]),
    error: text('error'),
    /** Highest source modification time seen; the next incremental run starts there. */
    watermark: timestamp('watermark', { withTimezone: true }),
    /** Where a killed run got to, so the next run can resume. */
    cursor: text('cursor'),
    /** Products removed because the source no longer lists them (full runs of OFF's export). */
    removed: integer('removed').notNull().default(0),
    /** While running: bytes and records read, kept, written, the ETA (docs/data-lake.md). */
    progress: jsonb('progress').$type<SyncRunProgress>(),
  },
  (t) => [index('sync_runs_kind_started_idx').on(t.kind, t.startedAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * "Agregar este producto": what a signed-in shopper sent for a code we lack, waiting for an admin. The text
 * fields are the shopper's, unchecked against the pack until approval; nothing here is shown to anyone but
 * admins before then. `ipHash` (SHA-256 of the address, never the address) only counts contributions per network.
 */
/** The product's columns a trusted publication wrote: their values before it and right after it. */
export type PublishedImage = { before: Record<string, unknown>; after: Record<string, unknown> };

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
    energyKcal100: real('energy_kcal_100'),
    totalFatG100: real('total_fat_g_100'),
    saturatedFatG100: real('saturated_fat_g_100'),
    carbohydratesG100: real('carbohydrates_g_100'),
    totalSugarsG100: real('total_sugars_g_100'),
    fiberG100: real('fiber_g_100'),
    proteinG100: real('protein_g_100'),
    sodiumMg100: real('sodium_mg_100'),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    contributionId: integer('contribution_id')
      .notNull()
      .references(() => contributions.id, { onDelete: 'cascade' }),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
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

/**
 * The shared limiter's counters (modules/limits, ADR 021): one row per limited thing — a route and a network
 * address, an account, Open Food Facts' read budget — so every process on this database counts together. `key` is
 * a digest of the caller's key (no address or account in clear); `hits` the grant times inside the window, oldest
 * first, in milliseconds of the database's clock; `last_granted` whether the last take was granted (what the take's
 * one statement answers). Rows past `expires_at_ms` are deleted by the retention job.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: bigint('hits', { mode: 'number' }).array().notNull(),
    lastGranted: boolean('last_granted').notNull(),
    blockedUntilMs: bigint('blocked_until_ms', { mode: 'number' }).notNull(),
    updatedAtMs: bigint('updated_at_ms', { mode: 'number' }).notNull(),
    expiresAtMs: bigint('expires_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAtMs)],
);

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
    contributionId: integer('contribution_id')
      .notNull()
      .unique()
      .references(() => contributions.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('off_outbox_state_next_idx').on(t.state, t.nextAttemptAt)],
);
