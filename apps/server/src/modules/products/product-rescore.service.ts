import { asc, eq, gt } from 'drizzle-orm';
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
      const updates: { id: number; values: Partial<ComputedFields> }[] = [];
      for (const row of rows) {
        const next = computeProductFields(row, matcher);
        const values: Partial<Record<(typeof ANALYSIS_KEYS)[number], unknown>> = {};
        let differs = false;
        for (const key of ANALYSIS_KEYS) {
          if (JSON.stringify(row[key]) !== JSON.stringify(next[key])) differs = true;
          values[key] = next[key];
        }
        if (differs) updates.push({ id: row.id, values: values as Partial<ComputedFields> });
      }
      if (updates.length > 0) {
        await deps.db.transaction(async (tx) => {
          for (const u of updates) {
            await tx
              .update(products)
              .set({ ...u.values, updatedAt: new Date() })
              .where(eq(products.id, u.id));
          }
        });
        status.changed += updates.length;
        deps.events.catalogueChanged();
      }
      status.processed += rows.length;
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
