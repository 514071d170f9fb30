import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../db/client.ts';
import type { SyncRejection, SyncRunProgress } from '../../db/schema.ts';
import { createCatalogueWrites, type CatalogueWrites } from '../../lib/catalogue-writes.ts';
import { createAdditiveMatcherService, type AdditiveMatcher } from '../additives/additive-matcher.service.ts';
import { createAdditiveRepository, seedAdditives } from '../additives/additive.repository.ts';
import { createCatalogueImportRepository, type TaxonomyIds } from '../catalogue-import/catalogue-import.repository.ts';
import { writeMappedProducts } from '../catalogue-import/catalogue-import.service.ts';
import { mapOffProduct, type MappedProduct } from '../catalogue-import/mapper.ts';
import type { DataLakeAdapter, ReadProgress, SourceRecord, SyncKind } from '../off/adapters/data-lake-adapter.ts';
import { createSyncRepository, type SyncRunRow } from './sync.repository.ts';

type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type SyncServiceOptions = {
  database: Database;
  adapter: DataLakeAdapter;
  /** The app's catalogue write path, so its caches and search index hear of every batch; a CLI run has its own. */
  catalogue?: CatalogueWrites;
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

export type RunSummary = {
  runId: number;
  kind: SyncKind;
  source: string;
  status: 'success' | 'failed';
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Products removed because the source no longer lists them (complete listings only). */
  removed: number;
  /** True when this run continued one that a dead process left half-way. */
  resumed: boolean;
  durationMs: number;
  error: string | null;
};

/** `runId`: the run just started (null when none started, or it failed before its row existed). */
export type StartResult = { started: boolean; running: boolean; message: string; runId: number | null };

const MAX_STORED_REJECTIONS = 5_000;

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

/**
 * Databases with a run in progress in this process. PGlite has one connection, where an advisory lock is
 * re-entrant, so two services on the same database in one process are kept apart here.
 */
const runningOn = new WeakSet<object>();

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
  const { database, adapter } = options;
  const log = options.log ?? silentLog;
  const paced = options.serving === true && database.kind === 'pglite';
  const batchSize = options.batchSize ?? (paced ? SERVING_BATCH_SIZE : BATCH_SIZE);
  const repo = createSyncRepository(database);
  const catalogueRepo = createCatalogueImportRepository(database);
  const catalogue = options.catalogue ?? createCatalogueWrites(database.db);
  const progressEveryMs = options.progressEveryMs ?? 2_000;
  /** The run going in this process; its kind may change once the source says what it can serve (plan). */
  let current: { kind: SyncKind; promise: Promise<RunSummary>; abort: AbortController } | null = null;
  /** Set while the lock is being taken, so two calls in the same tick cannot both start. */
  let starting = false;

  /**
   * Takes the in-process slot and the cross-process lock, then starts the run. null when a run is already
   * going here or in another process sharing the database.
   */
  async function begin(kind: SyncKind): Promise<{ promise: Promise<RunSummary>; runId: Promise<number | null> } | null> {
    if (current || starting || runningOn.has(database.db)) return null;
    starting = true;
    runningOn.add(database.db);
    let release: (() => Promise<void>) | null = null;
    try {
      release = await repo.tryLock();
    } finally {
      starting = false;
      if (!release) runningOn.delete(database.db);
    }
    if (!release) return null;
    const abort = new AbortController();
    let created: (runId: number | null) => void = () => undefined;
    const runId = new Promise<number | null>((resolve) => (created = resolve));
    const slot = { kind, abort } as { kind: SyncKind; promise: Promise<RunSummary>; abort: AbortController };
    slot.promise = execute(kind, abort.signal, release, (planned) => (slot.kind = planned), created).finally(() => {
      current = null;
      runningOn.delete(database.db);
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
      const matcher = await createAdditiveMatcherService(createAdditiveRepository(database.db)).get();
      const since = kind === 'incremental' ? watermark : null;
      const runId = runRow.id;
      // A complete listing marks what it saw; the products it did not see are removed when it completes.
      const listing = kind === 'bulk' && adapter.listsEverything === true;
      let storedRejections = runRow.rejections.length;
      let batches = 0;
      let records = 0;

      // Progress: what the source reports, what was written, and an ETA from the byte rate of this process.
      let read: ReadProgress | null = null;
      let readStartedAt: number | null = null;
      let reportedAt = 0;
      const snapshot = (): SyncRunProgress => {
        const elapsed = readStartedAt === null ? 0 : (performance.now() - readStartedAt) / 1000;
        const rate = read && elapsed > 1 ? read.bytesRead / elapsed : 0;
        const left = read?.bytesTotal ? Math.max(0, read.bytesTotal - read.bytesRead) : null;
        return {
          stage: read?.stage ?? '',
          bytesRead: read?.bytesRead ?? 0,
          bytesTotal: read?.bytesTotal ?? null,
          recordsRead: read?.recordsRead ?? 0,
          recordsKept: read?.recordsKept ?? 0,
          recordsProcessed: records,
          etaSeconds: left !== null && rate > 0 ? Math.round(left / rate) : null,
          updatedAt: new Date().toISOString(),
        };
      };
      const report = async (force: boolean) => {
        const now = performance.now();
        if (!force && now - reportedAt < progressEveryMs) return;
        reportedAt = now;
        const progress = snapshot();
        options.onProgress?.({ ...progress, runId, kind });
        await repo.saveLiveProgress(runId, progress);
      };

      const write = async (batch: readonly SourceRecord[]) => {
        const result = await writeBatch(batch, runId, taxonomy, matcher, MAX_STORED_REJECTIONS - storedRejections, listing, snapshot());
        storedRejections += result.storedRejections;
      };
      /**
       * One record the database refuses never stops a run: the batch is written again one record at a time,
       * and a record that fails alone is rejected with the database's reason (its cursor passes it). When even
       * `SELECT 1` fails the database itself is gone, and the run fails as before (it resumes from its cursor).
       */
      const writeOrSplit = async (batch: readonly SourceRecord[]) => {
        try {
          await write(batch);
        } catch (err) {
          if (!(await database.ping())) throw err;
          if (batch.length > 1) {
            for (const record of batch) await writeOrSplit([record]);
            return;
          }
          const [record] = batch;
          const barcode = record?.product?.code === undefined || record.product.code === null ? '' : String(record.product.code).slice(0, 40);
          log.warn({ barcode, cursor: record?.cursor }, 'sync record refused by the database, rejected');
          await write([{ cursor: record?.cursor ?? '', modifiedAt: record?.modifiedAt, product: null, error: `No se pudo guardar el producto ${barcode}: ${describeError(err)}` }]);
        }
      };
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

      const onProgress = (progress: ReadProgress) => {
        read = progress;
        readStartedAt ??= performance.now();
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

  /** Maps, classifies, scores and writes one batch; everything in one transaction. */
  async function writeBatch(
    batch: readonly SourceRecord[],
    runId: number,
    taxonomy: TaxonomyIds,
    matcher: AdditiveMatcher,
    rejectionRoom: number,
    listing: boolean,
    progress: SyncRunProgress,
  ): Promise<{ storedRejections: number }> {
    const rejections: SyncRejection[] = [];
    const mapped = new Map<string, MappedProduct>();
    /** Every barcode this batch listed, rejected ones too: a product whose new record is refused keeps its old one. */
    const listed = new Set<string>();
    let superseded = 0;
    let watermark: Date | null = null;
    for (const record of batch) {
      // Rejected records count too: they were read, and an incremental run must not read them again.
      if (record.modifiedAt && (!watermark || record.modifiedAt > watermark)) watermark = record.modifiedAt;
      if (record.checkpoint) continue;
      if (!record.product) {
        rejections.push({ barcode: null, reason: record.error ?? 'Registro ilegible' });
        continue;
      }
      const result = mapOffProduct(record.product);
      if (!result.ok) {
        rejections.push({ barcode: result.barcode, reason: result.reason });
        if (result.barcode) listed.add(result.barcode);
        continue;
      }
      listed.add(result.product.barcode);
      // A barcode twice in one batch: the later record is the newer one; the earlier counts as unchanged.
      if (mapped.has(result.product.barcode)) superseded++;
      mapped.set(result.product.barcode, result.product);
      const modified = result.product.sourceModifiedAt;
      if (!record.modifiedAt && modified && (!watermark || modified > watermark)) watermark = modified;
    }
    const lastCursor = batch[batch.length - 1]?.cursor ?? null;
    const stored = rejections.slice(0, Math.max(0, rejectionRoom));

    await catalogue.write(async (tx, changed) => {
      const { inserted, updated, unchanged } = await writeMappedProducts(tx, changed, catalogueRepo, mapped.values(), taxonomy, matcher);
      if (listing) await repo.markListed(tx, runId, [...listed]);
      await repo.saveProgress(tx, runId, {
        inserted,
        updated,
        unchanged: unchanged + superseded,
        rejected: rejections.length,
        newRejections: stored,
        cursor: lastCursor,
        watermark,
        progress,
      });
    });
    return { storedRejections: stored.length };
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

/** Drizzle wraps driver errors in "Failed query: <sql> params: <whole batch>"; the cause is what matters. */
function describeError(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.length > 500 ? `${message.slice(0, 500)}…` : message;
}

function toSummary(
  row: SyncRunRow,
  kind: SyncKind,
  status: 'success' | 'failed',
  resumed: boolean,
  started: number,
  error: string | null,
): RunSummary {
  return {
    runId: row.id,
    kind,
    source: row.source,
    status,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    rejected: row.rejected,
    removed: row.removed,
    resumed,
    durationMs: Math.round(performance.now() - started),
    error,
  };
}

