import type { HealthResponse } from '@etiqueta/contracts';
import type { CatalogueSignal } from '../../lib/catalogue-writes.ts';
import type { SyncRepository } from './sync.repository.ts';
import type { Logger } from '../../lib/logger.ts';

/** How often the figures are read again whatever happened here: another process may have synced. */
const REFRESH_EVERY_MS = 60_000;
/** Catalogue changes come in bursts (a sync's batches): one read after the burst settles. */
const SETTLE_MS = 1_000;

export type CatalogueFreshness = HealthResponse['catalogue'];

/**
 * How many products the catalogue holds and how old its last successful sync is, kept in memory for
 * `GET /api/health` — the API bench's baseline, which must stay a ping. Read at start, after a catalogue change
 * settles, after every scheduled run, and every minute.
 */
export function createCatalogueFreshness({ repo, events, log }: { repo: SyncRepository; events: CatalogueSignal; log: Logger<'warn'> }) {
  let products = 0;
  let last: { at: Date; kind: 'bulk' | 'incremental' } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let settle: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;

  async function refresh(): Promise<void> {
    try {
      const [count, run] = await Promise.all([repo.countProducts(), repo.lastFinished()]);
      products = count;
      last = run?.finishedAt && (run.kind === 'bulk' || run.kind === 'incremental') ? { at: run.finishedAt, kind: run.kind } : null;
    } catch (err) {
      // The database is down: health says so itself; these figures stay as they were.
      log.warn({ err }, 'catalogue freshness could not be read');
    }
  }

  return {
    refresh,
    async start(): Promise<void> {
      await refresh();
      unsubscribe = events.onCatalogueChanged(() => {
        if (settle) return;
        settle = setTimeout(() => {
          settle = null;
          void refresh();
        }, SETTLE_MS);
        settle.unref();
      });
      timer = setInterval(() => void refresh(), REFRESH_EVERY_MS);
      timer.unref();
    },
    stop(): void {
      unsubscribe?.();
      if (timer) clearInterval(timer);
      if (settle) clearTimeout(settle);
      timer = settle = null;
    },
    snapshot(now = Date.now()): CatalogueFreshness {
      return {
        products,
        lastSyncAt: last?.at.toISOString() ?? null,
        lastSyncKind: last?.kind ?? null,
        ageHours: last ? Math.round((now - last.at.getTime()) / 360_000) / 10 : null,
      };
    },
  };
}
