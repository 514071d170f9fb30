/** The app's own running records: sync runs, the audit log and the shared limiter's counters. */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './people.ts';

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
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
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
