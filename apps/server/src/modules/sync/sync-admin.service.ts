import type { CatalogueLoading, DubiousResponse, SyncRun, SyncStatus, UncategorizedResponse } from '@etiqueta/contracts';
import { CHILE_TIME_ZONE } from '@etiqueta/contracts';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import type { SyncKind } from '../off/adapters/data-lake-adapter.ts';
import { createAdapter } from '../off/create-adapter.ts';
import { createCatalogueFreshness } from './catalogue-freshness.ts';
import { createSyncScheduler } from './scheduler.ts';
import type { SyncParts } from './sync-parts.ts';
import type { SyncRunRow } from './sync.repository.ts';
import { createSyncService } from './sync.service.ts';
import type { Logger } from '../../lib/logger.ts';

type Deps = { parts: SyncParts; env: Env; log: Logger };

/** Rejections per run sent to the admin screen; the run's `rejected` count is always the full number. */
const MAX_REJECTIONS_PER_RUN = 1_000;

export type SyncAdminService = ReturnType<typeof createSyncAdminService>;

/** What the admin data-lake screen and the process entry need from the sync: status, triggers, history. */
export function createSyncAdminService({ parts, env, log }: Deps) {
  const { runs: repo, catalogue } = parts;
  const freshness = createCatalogueFreshness({ repo, events: catalogue, log });
  const onRunEnd = () => void freshness.refresh();
  let configError: string | null = null;
  let service: ReturnType<typeof createSyncService> | null = null;
  try {
    service = createSyncService({ parts, adapter: createAdapter(env.DATA_LAKE_SOURCE, env), log, serving: true, onRunEnd });
  } catch (err) {
    configError = err instanceof Error ? err.message : String(err);
    log.error({ source: env.DATA_LAKE_SOURCE }, 'invalid DATA_LAKE_SOURCE: sync disabled');
  }
  const scheduler = service
    ? createSyncScheduler({
        service,
        incrementalMinutes: env.SYNC_INCREMENTAL_MINUTES,
        fullHours: env.SYNC_FULL_HOURS,
        log,
      })
    : null;

  /** A run the operator started with its own source (`npm run sync -- bulk --source …` through the control socket). */
  let operatorRun: ReturnType<typeof createSyncService> | null = null;
  const runningKind = () => service?.runningKind() ?? operatorRun?.runningKind() ?? null;

  function requireService() {
    if (!service) {
      throw new AppError(503, 'SYNC_NOT_CONFIGURED', 'La fuente de datos no está configurada correctamente (DATA_LAKE_SOURCE)');
    }
    return service;
  }

  return {
    async status(): Promise<SyncStatus> {
      const [bulk, incremental, recent, products, runningRow] = await Promise.all([
        repo.lastFinished('bulk'),
        repo.lastFinished('incremental'),
        repo.listRuns(STALE_AFTER_FAILED_RUNS),
        repo.countProducts(),
        repo.runningRun(),
      ]);
      const latest = recent[0];
      const success = [bulk, incremental].filter((r) => r?.finishedAt).sort((a, b) => b!.finishedAt!.getTime() - a!.finishedAt!.getTime())[0];
      const next = scheduler?.next() ?? null;
      // A run in this process (scheduled, or the operator's through the control socket), or one another process
      // (the CLI on the same PostgreSQL) is running.
      const running = runningKind() ?? (runningRow?.kind === 'bulk' || runningRow?.kind === 'incremental' ? runningRow.kind : null);
      let message: string;
      if (!service) message = 'La fuente de datos no está configurada correctamente (DATA_LAKE_SOURCE)';
      else if (running) message = running === 'bulk' ? 'Sincronización completa en curso' : 'Sincronización incremental en curso';
      else if (latest?.status === 'failed') message = `La última sincronización falló: ${latest.error ?? 'error desconocido'}`;
      else if (!latest) message = 'El catálogo aún no se ha sincronizado';
      else message = `Catálogo con ${products.toLocaleString('es-CL')} productos`;
      return {
        initialized: service !== null,
        realtimeSyncActive: scheduler?.isActive() ?? false,
        lastBulkSync: bulk?.finishedAt?.toISOString() ?? null,
        lastIncrementalSync: incremental?.finishedAt?.toISOString() ?? null,
        message,
        running: running !== null,
        source: service?.source ?? env.DATA_LAKE_SOURCE,
        progress: running !== null ? (runningRow?.progress ?? null) : null,
        lastSuccess: success ? { at: success.finishedAt!.toISOString(), kind: success.kind as SyncKind, source: success.source } : null,
        nextRun: next ? { at: next.at.toISOString(), kind: next.kind } : null,
        alert: running ? null : staleCatalogueAlert(success?.finishedAt ?? null, recent),
      };
    },

    /** Products and the last successful sync, from memory: what /api/health reports. */
    freshness: () => freshness.snapshot(),
    /** Keeps those figures current (the app's start, every process: health needs them with or without a schedule). */
    watchFreshness: () => freshness.start(),

    /**
     * Public, for the home page: the first load of an empty catalogue and its count so far; or, when it failed
     * (Open Food Facts unreachable), why in a shopper's words and when the next try is due.
     */
    async firstLoad(): Promise<CatalogueLoading> {
      const { loading, products, failedWith } = await repo.firstLoad();
      if (failedWith === null) return { loading, products, failure: null };
      const next = scheduler?.next() ?? null;
      return { loading, products, failure: { reason: publicFailureReason(failedWith), retryAt: next?.at.toISOString() ?? null } };
    },

    async testConnection() {
      if (!service) return { connected: false, message: configError ?? 'Fuente de datos no configurada' };
      return service.testConnection();
    },

    /**
     * Starts a run in the background and answers at once with its id; a run already going is reported, not
     * doubled. `operator` (the control socket only) reads another source or batch size than the configured one;
     * its run writes through the same catalogue path, so search and the product pages hear of every batch.
     */
    async trigger(kind: SyncKind, operator?: { source?: string; batchSize?: number }) {
      let runner: ReturnType<typeof createSyncService>;
      if (operator?.source === undefined && operator?.batchSize === undefined) runner = requireService();
      else {
        if (runningKind()) throw new AppError(409, 'SYNC_ALREADY_RUNNING', 'Ya hay una sincronización en curso');
        let adapter;
        try {
          adapter = createAdapter(operator.source ?? env.DATA_LAKE_SOURCE, env);
        } catch {
          throw new AppError(400, 'BAD_SOURCE', "La fuente debe ser 'off' o 'file:RUTA'");
        }
        runner = createSyncService({ parts, adapter, log, serving: true, onRunEnd, ...(operator.batchSize ? { batchSize: operator.batchSize } : {}) });
      }
      const result = await runner.start(kind);
      if (!result.started) throw new AppError(409, 'SYNC_ALREADY_RUNNING', result.message);
      if (runner !== service) operatorRun = runner;
      return { success: true, message: result.message, runId: result.runId };
    },

    async runs(limit: number): Promise<SyncRun[]> {
      return (await repo.listRuns(limit)).map(toSyncRun);
    },

    async uncategorized(limit: number, offset: number): Promise<UncategorizedResponse> {
      return repo.listUncategorized(limit, offset);
    },

    async dubious(limit: number, offset: number): Promise<DubiousResponse> {
      return repo.listDubious(limit, offset);
    },

    /**
     * Only the process's jobs call this (services.ts `startJobs`, from main.ts); tests and the e2e server never
     * sync on their own. The
     * taxonomy is written first either way, so the home page lists its categories before any product arrives.
     */
    async startScheduler(): Promise<void> {
      await catalogue.write(async (tx, changed) => {
        await parts.imports.seedTaxonomy(tx);
        changed.categories();
      });
      const abandoned = await repo.failAbandonedRuns();
      if (abandoned > 0) log.warn({ abandoned }, 'sync runs left running by a stopped process marked failed');
      if (!env.SYNC_ENABLED) log.info({}, 'scheduled syncs off (SYNC_ENABLED=false): the catalogue changes only when an admin or `npm run sync` runs one');
      else scheduler?.start();
    },

    async close(): Promise<void> {
      freshness.stop();
      scheduler?.stop();
      await service?.stop();
      await operatorRun?.stop();
    },
  };
}

/** The data-lake page warns after this long without a successful run… */
const STALE_AFTER_MS = 48 * 3_600_000;
/** …or when this many runs in a row failed. */
const STALE_AFTER_FAILED_RUNS = 3;

const chileTime = (date: Date) =>
  date.toLocaleString('es-CL', { timeZone: CHILE_TIME_ZONE, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * Why the catalogue may be going stale, in Spanish for the admin, or null: no successful run for 48 hours, or the
 * last three runs failed (with the last error). Nothing before the first run: the page says it never synced.
 */
export function staleCatalogueAlert(lastSuccessAt: Date | null, recent: readonly SyncRunRow[], now = Date.now()): string | null {
  const finished = recent.filter((r) => r.status !== 'running');
  if (finished.length === 0) return null;
  const lastError = finished.find((r) => r.status === 'failed')?.error ?? null;
  const because = lastError ? ` Último error: ${lastError}` : '';
  if (finished.length >= STALE_AFTER_FAILED_RUNS && finished.slice(0, STALE_AFTER_FAILED_RUNS).every((r) => r.status === 'failed')) {
    return `Las últimas ${STALE_AFTER_FAILED_RUNS} sincronizaciones fallaron.${because}`;
  }
  if (!lastSuccessAt) return `Ninguna sincronización se ha completado todavía.${because}`;
  if (now - lastSuccessAt.getTime() > STALE_AFTER_MS) {
    return `Ninguna sincronización se ha completado en las últimas 48 horas (la última, el ${chileTime(lastSuccessAt)}).${because}`;
  }
  return null;
}

/** A failed run's error (the address, the system's words) told to a shopper: what happened, in plain Spanish. */
export function publicFailureReason(error: string): string {
  if (/HTTP (\d{3})/.test(error)) return `Open Food Facts respondió con un error (${/HTTP (\d{3})/.exec(error)![0]})`;
  if (/error de red|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|sin respuesta/i.test(error)) {
    return 'no hay conexión con Open Food Facts';
  }
  return 'la descarga se interrumpió';
}

function toSyncRun(row: SyncRunRow): SyncRun {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    rejected: row.rejected,
    removed: row.removed,
    rejections: row.rejections.slice(0, MAX_REJECTIONS_PER_RUN),
    error: row.error,
  };
}
