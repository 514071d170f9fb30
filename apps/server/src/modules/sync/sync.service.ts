import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import type { SyncRunProgress } from '../../db/schema.ts';
import { createAdditiveMatcherService } from '../additives/additive-matcher.service.ts';
import { seedAdditives } from '../additives/additive.repository.ts';
import type { DataLakeAdapter, SourceRecord, SyncKind } from '../off/adapters/data-lake-adapter.ts';
import { createRunProgress } from './run-progress.ts';
import { describeError, toSummary, type RunSummary, type StartResult } from './run-summary.ts';
import { createBatchWriter } from './sync-batch.ts';
import type { SyncParts } from './sync-parts.ts';
import type { SyncRunRow } from './sync.repository.ts';
import type { Logger } from '../../lib/logger.ts';

export type SyncServiceOptions = {
  /** Its repositories and the catalogue's write path (the app's own, so its caches and search index hear of every batch). */
  parts: SyncParts;
  adapter: DataLakeAdapter;
  log?: Logger;
  /**
   * The process also answers requests (the server's own sync): on PGlite, small batches with pauses between
   * them. A CLI or an import before the server listens writes at full speed.
   */
  serving?: boolean;
  /** Records per transaction (default: SERVING_BATCH_SIZE when serving on PGlite, else 1,000). */
  batchSize?: number;
  /** Called after every committed batch (progress output, tests that kill a run half-way). */
  onBatch?: (progress: { runId: number; batches: number; records: number }) => void;
  /** Called as the source is read (at most every `progressEveryMs`): bytes and records read, kept, written, ETA. */
  onProgress?: (progress: SyncRunProgress & { runId: number; kind: SyncKind }) => void;
  /** How often progress is reported and saved on the run's row for other processes (default 2 s). */
  progressEveryMs?: number;
  /** Told when a run ends, whoever started it (the catalogue's freshness, for /api/health). */
  onRunEnd?: (summary: RunSummary) => void;
};

/**
 * PGlite runs every statement on the server's own thread: while the server answers requests, small batches,
 * each followed by a pause as long as the batch took (the sync gets at most half of the thread), keep product
 * pages and search answering during a bulk sync (bench/sync-load.ts). PostgreSQL works in its own processes
 * and takes full batches with only a turn of the event loop between them.
 */
const SERVING_BATCH_SIZE = 50;
const BATCH_SIZE = 1_000;
const MAX_PAUSE_MS = 100;

const silentLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class SyncAlreadyRunningError extends Error {
  constructor() {
    super('sync already running');
    this.name = 'SyncAlreadyRunningError';
  }
}

/**
 * Runs syncs from one data-lake adapter into the catalogue: bulk (everything) or incremental (what changed
 * since the last watermark). Each batch maps, classifies and scores its records in JS, then writes only the
 * rows that changed, their category counts and the run's progress in one transaction, so a killed run leaves
 * a consistent catalogue and the next run resumes at the saved cursor.
 */
export function createSyncService(options: SyncServiceOptions) {
  const { parts, adapter } = options;
  const { runs: repo, imports: catalogueRepo, catalogue } = parts;
  const log = options.log ?? silentLog;
  const paced = options.serving === true && repo.sharesServerThread;
  const batchSize = options.batchSize ?? (paced ? SERVING_BATCH_SIZE : BATCH_SIZE);
  const progressEveryMs = options.progressEveryMs ?? 2_000;
  /** The run going in this process; its kind may change once the source says what it can serve (plan). */
  let current: { kind: SyncKind; promise: Promise<RunSummary>; abort: AbortController } | null = null;
  /** Set while the lock is being taken, so two calls in the same tick cannot both start. */
  let starting = false;

  /**
   * Takes this service's slot and the sync lock (sync.repository.ts), then starts the run. null when a run is
   * already going here, in another service on the same database or in another process sharing it.
   */
  async function begin(kind: SyncKind): Promise<{ promise: Promise<RunSummary>; runId: Promise<number | null> } | null> {
    if (current || starting) return null;
    starting = true;
    let release: (() => Promise<void>) | null;
    try {
      release = await repo.tryLock();
    } finally {
      starting = false;
    }
    if (!release) return null;
    const abort = new AbortController();
    let created: (runId: number | null) => void = () => undefined;
    const runId = new Promise<number | null>((resolve) => (created = resolve));
    const slot = { kind, abort } as { kind: SyncKind; promise: Promise<RunSummary>; abort: AbortController };
    slot.promise = execute(kind, abort.signal, release, (planned) => (slot.kind = planned), created).finally(() => {
      current = null;
      created(null);
    });
    current = slot;
    // Wrapped: an async function returning a bare promise would wait for the whole run.
    return { promise: slot.promise, runId };
  }

  async function run(kind: SyncKind): Promise<RunSummary> {
    const begun = await begin(kind);
    if (!begun) throw new SyncAlreadyRunningError();
    return begun.promise;
  }

  async function execute(
    requested: SyncKind,
    signal: AbortSignal,
    release: () => Promise<void>,
    planned: (kind: SyncKind) => void,
    onRunCreated: (runId: number) => void,
  ): Promise<RunSummary> {
    const started = performance.now();
    let runRow: SyncRunRow | null = null;
    let kind = requested;
    try {
      const watermark = await repo.lastWatermark(adapter.source);
      // The source may not be able to serve an incremental run (OFF: no full load yet, or a gap in its delta
      // files): then this run is a full one. A source that cannot even be asked fails the run, recorded.
      let planError: unknown = null;
      try {
        const plan = adapter.plan ? await adapter.plan(requested, watermark, signal) : { kind: requested };
        if (plan.kind !== requested) log.info({ requested, kind: plan.kind, reason: plan.reason }, 'sync run changed kind');
        kind = plan.kind;
        planned(kind);
      } catch (err) {
        planError = err;
      }
      // The run's row next: whoever started it learns its id, and a failure below is recorded on it.
      const dead = planError ? null : await repo.takeOverDeadRuns(kind, adapter.source);
      runRow = dead ?? (await repo.createRun(kind, adapter.source));
      onRunCreated(runRow.id);
      if (planError) throw planError;
      const resumed = dead !== null;
      if (resumed) log.info({ runId: runRow.id, cursor: runRow.cursor }, 'resuming an interrupted sync run');

      const taxonomy = await catalogue.write(async (tx, changed) => {
        changed.categories();
        return catalogueRepo.seedTaxonomy(tx);
      });
      await catalogue.write(async (tx, changed) => {
        const seeded = await seedAdditives(tx);
        // Every product page shows its additives' function and reason from this table.
        if (seeded.inserted + seeded.updated > 0) changed.everything();
      });
      // Compiled from the table just seeded, for this run alone.
      const matcher = await createAdditiveMatcherService(parts.additives).get();
      const since = kind === 'incremental' ? watermark : null;
      const runId = runRow.id;
      // A complete listing marks what it saw; the products it did not see are removed when it completes.
      const listing = kind === 'bulk' && adapter.listsEverything === true;
      let batches = 0;
      let records = 0;

      const { snapshot, report, onProgress } = createRunProgress({
        everyMs: progressEveryMs,
        recordsProcessed: () => records,
        onReport: (progress) => options.onProgress?.({ ...progress, runId, kind }),
        save: (progress) => repo.saveLiveProgress(runId, progress),
      });

      const writeOrSplit = createBatchWriter(
        { catalogue, catalogueRepo, repo, log },
        { runId, taxonomy, matcher, listing, storedRejections: runRow.rejections.length, progress: snapshot },
      );
      const flush = async (batch: SourceRecord[]) => {
        const started = performance.now();
        await writeOrSplit(batch);
        batches++;
        records += batch.filter((r) => !r.checkpoint).length;
        options.onBatch?.({ runId, batches, records });
        // Requests that queued behind the batch go first.
        if (paced) await sleep(Math.min(MAX_PAUSE_MS, performance.now() - started));
        else await yieldToEventLoop();
      };

      let batch: SourceRecord[] = [];
      for await (const record of adapter.read({ kind, since, cursor: runRow.cursor, signal, onProgress })) {
        batch.push(record);
        if (batch.length >= batchSize) {
          await flush(batch);
          batch = [];
        }
        await report(false);
        if (signal.aborted) break;
      }
      if (batch.length > 0) await flush(batch);
      if (signal.aborted) throw new Error('Sincronización cancelada');
      await report(true);

      if (listing) {
        const { removed, refused } = await catalogue.write(async (tx, changed) => {
          const result = await repo.removeUnlisted(tx, runId, 'off');
          changed.products(result.removedIds);
          if (result.removedIds.length > 0) changed.categories();
          return result;
        });
        if (refused) log.warn({ runId }, refused);
        else if (removed > 0) log.info({ runId, removed }, 'products no longer listed by the source removed');
      }
      await catalogue.write(async (tx, changed) => {
        await catalogueRepo.recountCategories(tx);
        changed.categories();
      });
      const finished = await repo.finishRun(runId, 'success');
      const summary = toSummary(finished ?? runRow, kind, 'success', resumed, started, null);
      log.info({ ...summary }, 'sync finished');
      options.onRunEnd?.(summary);
      return summary;
    } catch (err) {
      const message = describeError(err);
      if (!runRow) throw err;
      // The cursor stays, so the next run of this kind resumes instead of starting over.
      await repo.finishRun(runRow.id, 'failed', message).catch(() => undefined);
      const failed = await repo.findRun(runRow.id).catch(() => null);
      const summary = toSummary(failed ?? runRow, kind, 'failed', false, started, message);
      log.error({ ...summary }, 'sync failed');
      options.onRunEnd?.(summary);
      return summary;
    } finally {
      await release();
    }
  }

  return {
    source: adapter.source,
    run,
    /** Starts a run in the background; a run already going (here or in another process) is reported instead. */
    async start(kind: SyncKind): Promise<StartResult> {
      const begun = await begin(kind);
      if (!begun) return { started: false, running: true, message: 'Ya hay una sincronización en curso', runId: null };
      begun.promise.then(
        (summary) => {
          if (summary.status === 'failed') log.warn({ ...summary }, 'background sync failed');
        },
        (err: unknown) => log.error({ err }, 'background sync crashed'),
      );
      return {
        started: true,
        running: true,
        message: kind === 'bulk' ? 'Sincronización completa iniciada' : 'Sincronización incremental iniciada',
        runId: await begun.runId,
      };
    },
    isRunning: () => current !== null,
    runningKind: () => current?.kind ?? null,
    testConnection: () => adapter.testConnection(),
    /** Cancels the run in progress (at the next record) and waits for it to save its progress. */
    async stop(): Promise<void> {
      const running = current;
      if (!running) return;
      running.abort.abort();
      await running.promise.catch(() => undefined);
    },
    repository: repo,
  };
}

export type SyncService = ReturnType<typeof createSyncService>;

