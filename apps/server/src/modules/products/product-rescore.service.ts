import { asc, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { CatalogueEvents } from '../../lib/catalogue-events.ts';
import type { createAdditiveMatcherService } from '../additives/additive-matcher.service.ts';
import { computeProductFields, type ComputedFields } from './product-analysis.ts';

export type RescoreStatus = {
  running: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  processed: number;
  /** Products whose analysis or score changed in the last (or current) run. */
  changed: number;
};

const BATCH = 500;
const ANALYSIS_KEYS = [
  'detectedAdditives',
  'ultraprocessed',
  'novaGroup',
  'nutriscore',
  'healthScore',
  'scoreReasons',
  'seals',
  'scoreVersion',
] as const satisfies readonly (keyof ComputedFields)[];

const SNAKE: Record<(typeof ANALYSIS_KEYS)[number], string> = {
  detectedAdditives: 'detected_additives',
  ultraprocessed: 'ultraprocessed',
  novaGroup: 'nova_group',
  nutriscore: 'nutriscore',
  healthScore: 'health_score',
  scoreReasons: 'score_reasons',
  seals: 'seals',
  scoreVersion: 'score_version',
};

/** JSON with object keys sorted, so equal values compare equal whatever order they were built in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Re-analyses the catalogue after an additive's names or risk change, in the background.
 * Every product is re-analysed (cheap: tens of thousands per second) rather than guessing which
 * labels mention the additive in which written form; only rows whose result changed are written.
 */
export function createRescoreService(deps: {
  db: Db;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  events: CatalogueEvents;
  log: FastifyBaseLogger;
}) {
  const status: RescoreStatus = { running: false, startedAt: null, finishedAt: null, processed: 0, changed: 0 };
  let again = false;
  let current: Promise<void> | null = null;

  async function runOnce() {
    const matcher = await deps.matcher.get();
    let lastId = 0;
    for (;;) {
      const rows = await deps.db
        .select()
        .from(products)
        .where(gt(products.id, lastId))
        .orderBy(asc(products.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1]!.id;
      const updates: Record<string, unknown>[] = [];
      for (const row of rows) {
        const next = computeProductFields(row, matcher);
        // jsonb hands objects back with its own key order, so compare canonical forms, not raw strings.
        if (ANALYSIS_KEYS.some((key) => canonical(row[key]) !== canonical(next[key]))) {
          updates.push({ id: row.id, ...Object.fromEntries(ANALYSIS_KEYS.map((key) => [SNAKE[key], next[key]])) });
        }
      }
      if (updates.length > 0) {
        // One statement per batch: on PGlite every statement holds the only connection, so few and short.
        await deps.db.execute(sql`
          UPDATE products p SET
            detected_additives = r.detected_additives, ultraprocessed = r.ultraprocessed, nova_group = r.nova_group,
            nutriscore = r.nutriscore, health_score = r.health_score, score_reasons = r.score_reasons,
            seals = r.seals, score_version = r.score_version, updated_at = now()
          FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS r(
            id integer, detected_additives jsonb, ultraprocessed jsonb, nova_group smallint, nutriscore jsonb,
            health_score real, score_reasons jsonb, seals jsonb, score_version text)
          WHERE p.id = r.id`);
        status.changed += updates.length;
        deps.events.catalogueChanged();
      }
      status.processed += rows.length;
      // Let requests that queued behind this batch go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function loop() {
    do {
      again = false;
      status.running = true;
      status.startedAt = new Date().toISOString();
      status.processed = 0;
      status.changed = 0;
      try {
        await runOnce();
      } catch (err) {
        deps.log.error({ err }, 'product re-score failed');
      }
      status.finishedAt = new Date().toISOString();
    } while (again);
    status.running = false;
    current = null;
  }

  return {
    /** Starts (or queues) a re-score; returns at once. */
    schedule(): void {
      if (current) {
        again = true;
        return;
      }
      current = loop();
    },
    status: (): RescoreStatus => ({ ...status }),
    /** For tests and shutdown: resolves when no re-score is running. */
    idle: async () => {
      while (current) await current;
    },
  };
}
