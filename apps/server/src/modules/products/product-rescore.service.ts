import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueWrites } from '../../lib/catalogue-writes.ts';
import type { createAdditiveMatcherService } from '../additives/additive-matcher.service.ts';
import { computeProductFields } from './product-analysis.ts';
import { ANALYSIS_COLUMNS, type AnalysisUpdate, type ProductRepository } from './product.repository.ts';

export type RescoreStatus = {
  running: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  processed: number;
  /** Products whose analysis or score changed in the last (or current) run. */
  changed: number;
};

const BATCH = 500;

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
  repo: ProductRepository;
  catalogue: CatalogueWrites;
  matcher: ReturnType<typeof createAdditiveMatcherService>;
  log: FastifyBaseLogger;
}) {
  const status: RescoreStatus = { running: false, startedAt: null, finishedAt: null, processed: 0, changed: 0 };
  let again = false;
  let current: Promise<void> | null = null;

  async function runOnce() {
    const matcher = await deps.matcher.get();
    let lastId = 0;
    for (;;) {
      const rows = await deps.repo.analysisPage(lastId, BATCH);
      if (rows.length === 0) break;
      lastId = rows[rows.length - 1]!.id;
      const updates: AnalysisUpdate[] = [];
      for (const row of rows) {
        const next = computeProductFields(row, matcher);
        // jsonb hands objects back with its own key order, so compare canonical forms, not raw strings.
        if (ANALYSIS_COLUMNS.some((key) => canonical(row[key]) !== canonical(next[key]))) {
          updates.push({ id: row.id, ...Object.fromEntries(ANALYSIS_COLUMNS.map((key) => [key, next[key]])) } as AnalysisUpdate);
        }
      }
      if (updates.length > 0) {
        await deps.catalogue.write(async (tx, changed) => {
          await deps.repo.updateAnalysis(tx, updates);
          changed.products(updates.map((u) => u.id));
        });
        status.changed += updates.length;
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
