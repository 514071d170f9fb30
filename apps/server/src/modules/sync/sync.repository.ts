import { DUBIOUS_DATA_PREFIX, SCORE_NOTE_RULES } from '@etiqueta/domain';
import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { queryRows, type Database } from '../../db/client.ts';
import type { CatalogueTx } from '../../lib/catalogue-writes.ts';
import { products, syncRuns, type SyncRejection, type SyncRunProgress } from '../../db/schema.ts';
import type { SyncKind } from '../off/adapters/data-lake-adapter.ts';

export type SyncRunRow = typeof syncRuns.$inferSelect;

/** Only one sync at a time across every process sharing the database. Any fixed 64-bit key will do. */
const SYNC_LOCK_KEY = 7_305_228_101;

/**
 * Databases whose sync lock this process holds. PGlite has one connection, where an advisory lock is re-entrant,
 * so two repositories on the same database in one process (the app's and a CLI's or a test's) are kept apart here.
 */
const lockedHere = new WeakSet<object>();

export function createSyncRepository(database: Database) {
  const { db } = database;

  async function listProducts(where: SQL | undefined, limit: number, offset: number) {
    const items = await db
      .select({
        id: products.id,
        barcode: products.barcode,
        name: products.name,
        brand: products.brand,
        scoreReasons: products.scoreReasons,
      })
      .from(products)
      .where(where)
      .orderBy(products.name, products.id)
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(products).where(where);
    return { total: total?.n ?? 0, items };
  }

  /**
   * The cross-process lock. A session-level advisory lock belongs to one connection, so on a pool a dedicated
   * client holds it; PGlite has a single connection. The lock dies with its connection, so a killed process
   * never leaves it stuck.
   */
  async function tryAdvisoryLock(): Promise<(() => Promise<void>) | null> {
    if (database.kind === 'postgres') {
      const pool = (db as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      try {
        const result = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [SYNC_LOCK_KEY]);
        if (!result.rows[0]?.ok) {
          client.release();
          return null;
        }
      } catch (err) {
        client.release();
        throw err;
      }
      return async () => {
        try {
          await client.query('SELECT pg_advisory_unlock($1)', [SYNC_LOCK_KEY]);
        } finally {
          client.release();
        }
      };
    }
    const [row] = await queryRows<{ ok: boolean }>(db, sql`SELECT pg_try_advisory_lock(${SYNC_LOCK_KEY}) AS ok`);
    if (!row?.ok) return null;
    return async () => {
      await db.execute(sql`SELECT pg_advisory_unlock(${SYNC_LOCK_KEY})`);
    };
  }

  return {
    /**
     * Marks the batch's products as listed by this run (a complete listing of the source). Only rows not yet
     * marked are touched, so a re-run over the same listing writes nothing twice.
     */
    async markListed(tx: CatalogueTx, runId: number, barcodes: readonly string[]): Promise<void> {
      if (barcodes.length === 0) return;
      await tx.execute(sql`
        UPDATE products SET listed_in_run = ${runId}
        WHERE barcode IN (SELECT jsonb_array_elements_text(${JSON.stringify(barcodes)}::jsonb))
          AND listed_in_run IS DISTINCT FROM ${runId}`);
    },

    /**
     * After a complete listing: removes the source's products it did not list (they left OFF's Chilean list),
     * except those an admin edited or locked, or a shopper completed. Refuses, and says so, when that would remove more than half of
     * them: a listing that short is a broken export, not a market that emptied overnight.
     */
    async removeUnlisted(tx: CatalogueTx, runId: number, source: string): Promise<{ removed: number; removedIds: number[]; refused: string | null }> {
      // A product a shopper completed stays too: their photos and values are not OFF's to take away.
      const unlisted = sql`source = ${source} AND cardinality(locked_fields) = 0 AND completed_fields = '{}'::jsonb
        AND listed_in_run IS DISTINCT FROM ${runId}`;
      const [counts] = await queryRows<{ total: number; gone: number }>(
        tx,
        sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE ${unlisted}))::int AS gone FROM products WHERE source = ${source}`,
      );
      const total = counts?.total ?? 0;
      const gone = counts?.gone ?? 0;
      if (gone === 0) return { removed: 0, removedIds: [], refused: null };
      if (gone * 2 > total) {
        return { removed: 0, removedIds: [], refused: `No se quitaron ${gone} de ${total} productos que la fuente ya no lista: son más de la mitad` };
      }
      const removed = await queryRows<{ id: number }>(tx, sql`DELETE FROM products WHERE ${unlisted} RETURNING id`);
      await tx.update(syncRuns).set({ removed: removed.length }).where(eq(syncRuns.id, runId));
      return { removed: removed.length, removedIds: removed.map((r) => r.id), refused: null };
    },

    /** Between batches: where the running run is, for the CLI of another process and the data-lake page. */
    async saveLiveProgress(runId: number, progress: SyncRunProgress): Promise<void> {
      await db.update(syncRuns).set({ progress }).where(eq(syncRuns.id, runId));
    },

    /** The run in progress (any process), with its live progress; null when none. */
    async runningRun(): Promise<SyncRunRow | null> {
      const [row] = await db.select().from(syncRuns).where(eq(syncRuns.status, 'running')).orderBy(desc(syncRuns.id)).limit(1);
      return row ?? null;
    },

    /**
     * The first load of an empty catalogue: whether it runs (and the products so far), or — when no run ever
     * succeeded and the last one failed — that run's error. Every home page asks: one small query.
     */
    async firstLoad(): Promise<{ loading: boolean; products: number; failedWith: string | null }> {
      const [row] = await queryRows<{ loading: boolean; failed: boolean; error: string | null }>(
        db,
        sql`WITH never AS (SELECT NOT EXISTS (SELECT 1 FROM sync_runs WHERE status = 'success') AS yes),
              latest AS (SELECT status, error FROM sync_runs ORDER BY id DESC LIMIT 1)
            SELECT (SELECT yes FROM never) AND EXISTS (SELECT 1 FROM sync_runs WHERE status = 'running') AS loading,
                   (SELECT yes FROM never) AND coalesce((SELECT status FROM latest) = 'failed', false) AS failed,
                   (SELECT error FROM latest) AS error`,
      );
      if (row?.loading) return { loading: true, products: await this.countProducts(), failedWith: null };
      return { loading: false, products: 0, failedWith: row?.failed ? (row.error ?? '') : null };
    },

    /**
     * PGlite runs every statement on this process's own thread: a sync beside a serving app paces itself
     * (sync.service.ts). PostgreSQL works in its own processes.
     */
    sharesServerThread: database.kind === 'pglite',

    /** Whether the database answers at all (`SELECT 1`): a refused batch from a database that is gone. */
    databaseAnswers: (): Promise<boolean> => database.ping(),

    async countProducts(): Promise<number> {
      const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products`);
      return row?.n ?? 0;
    },

    /**
     * Takes the sync lock for the length of a run, in this process and across every process sharing the
     * database; null when someone holds it. Returns its release.
     */
    async tryLock(): Promise<(() => Promise<void>) | null> {
      if (lockedHere.has(db)) return null;
      lockedHere.add(db);
      const release = await tryAdvisoryLock().catch((err: unknown) => {
        lockedHere.delete(db);
        throw err;
      });
      if (!release) {
        lockedHere.delete(db);
        return null;
      }
      return async () => {
        try {
          await release();
        } finally {
          lockedHere.delete(db);
        }
      };
    },

    // ---- sync runs ----

    /**
     * At start: a run still marked 'running' while nobody holds the sync lock belongs to a process that died.
     * It is marked failed (its cursor kept, so the next run of its kind resumes from it). Returns how many.
     */
    async failAbandonedRuns(): Promise<number> {
      const release = await this.tryLock();
      if (!release) return 0;
      try {
        const rows = await db
          .update(syncRuns)
          .set({ status: 'failed', finishedAt: new Date(), error: 'El proceso se detuvo durante la sincronización; la próxima la retoma' })
          .where(eq(syncRuns.status, 'running'))
          .returning({ id: syncRuns.id });
        return rows.length;
      } finally {
        await release();
      }
    },

    /**
     * With the lock held, any run still marked 'running' belongs to a process that died. The latest run of the
     * same kind and source, when it died or failed half-way (it has a cursor), is reopened to be resumed from
     * that cursor; other dead runs are closed as interrupted.
     */
    async takeOverDeadRuns(kind: string, source: string): Promise<SyncRunRow | null> {
      const [latest] = await db
        .select()
        .from(syncRuns)
        .where(and(eq(syncRuns.kind, kind), eq(syncRuns.source, source)))
        .orderBy(desc(syncRuns.id))
        .limit(1);
      const resumable = latest && latest.cursor !== null && (latest.status === 'running' || latest.status === 'failed') ? latest : null;
      await db
        .update(syncRuns)
        .set({ status: 'interrupted', finishedAt: new Date(), error: 'El proceso terminó antes de completar la sincronización' })
        .where(and(eq(syncRuns.status, 'running'), ...(resumable ? [ne(syncRuns.id, resumable.id)] : [])));
      if (!resumable) return null;
      const [reopened] = await db
        .update(syncRuns)
        .set({ status: 'running', finishedAt: null, error: null })
        .where(eq(syncRuns.id, resumable.id))
        .returning();
      return reopened ?? null;
    },

    async createRun(kind: string, source: string): Promise<SyncRunRow> {
      const [row] = await db.insert(syncRuns).values({ kind, source, status: 'running' }).returning();
      if (!row) throw new Error('could not create sync run');
      return row;
    },

    /** Progress is saved in the batch's own transaction: a kill never separates products from their cursor. */
    async saveProgress(
      tx: CatalogueTx,
      runId: number,
      progress: {
        inserted: number;
        updated: number;
        unchanged: number;
        rejected: number;
        newRejections: readonly SyncRejection[];
        cursor: string | null;
        watermark: Date | null;
        progress: SyncRunProgress | null;
      },
    ): Promise<void> {
      await tx
        .update(syncRuns)
        .set({
          inserted: sql`${syncRuns.inserted} + ${progress.inserted}`,
          updated: sql`${syncRuns.updated} + ${progress.updated}`,
          unchanged: sql`${syncRuns.unchanged} + ${progress.unchanged}`,
          rejected: sql`${syncRuns.rejected} + ${progress.rejected}`,
          ...(progress.newRejections.length > 0
            ? { rejections: sql`${syncRuns.rejections} || ${JSON.stringify(progress.newRejections)}::jsonb` }
            : {}),
          cursor: progress.cursor,
          ...(progress.progress ? { progress: progress.progress } : {}),
          ...(progress.watermark
            ? { watermark: sql`greatest(${syncRuns.watermark}, ${progress.watermark.toISOString()}::timestamptz)` }
            : {}),
        })
        .where(eq(syncRuns.id, runId));
    },

    async finishRun(runId: number, status: 'success' | 'failed', error: string | null = null): Promise<SyncRunRow | null> {
      const [row] = await db
        .update(syncRuns)
        .set({ status, finishedAt: new Date(), error, progress: null, ...(status === 'success' ? { cursor: null } : {}) })
        .where(eq(syncRuns.id, runId))
        .returning();
      return row ?? null;
    },

    async findRun(runId: number): Promise<SyncRunRow | null> {
      const [row] = await db.select().from(syncRuns).where(eq(syncRuns.id, runId));
      return row ?? null;
    },

    /** Where the next incremental run starts: the newest modification any finished run of this source saw. */
    async lastWatermark(source: string): Promise<Date | null> {
      const [row] = await queryRows<{ w: string | Date | null }>(
        db,
        sql`SELECT max(watermark) AS w FROM sync_runs WHERE source = ${source} AND status = 'success'`,
      );
      return row?.w ? new Date(row.w) : null;
    },

    /** The last successful run of this kind, or of any kind. */
    async lastFinished(kind?: SyncKind): Promise<SyncRunRow | null> {
      const [row] = await db
        .select()
        .from(syncRuns)
        .where(kind ? and(eq(syncRuns.kind, kind), eq(syncRuns.status, 'success')) : eq(syncRuns.status, 'success'))
        .orderBy(desc(syncRuns.finishedAt))
        .limit(1);
      return row ?? null;
    },

    async listRuns(limit: number): Promise<SyncRunRow[]> {
      return db.select().from(syncRuns).orderBy(desc(syncRuns.id)).limit(limit);
    },

    /** Products the classifier could not place (no category): kept in the catalogue, listed for admins. */
    listUncategorized(limit: number, offset: number) {
      return listProducts(isNull(products.categoryId), limit, offset);
    },

    /** Products whose label contradicts itself ('Datos dudosos', docs/scoring.md rule 3), with the reasons. */
    async listDubious(limit: number, offset: number) {
      const { total, items } = await listProducts(
        sql`${products.scoreReasons} @> ${JSON.stringify([{ rule: SCORE_NOTE_RULES.dubious }])}::jsonb`,
        limit,
        offset,
      );
      return {
        total,
        items: items.map(({ scoreReasons, ...item }) => ({
          ...item,
          issues: scoreReasons
            .filter((r) => r.rule === SCORE_NOTE_RULES.dubious)
            .map((r) => r.text.slice(DUBIOUS_DATA_PREFIX.length)),
        })),
      };
    },
  };
}

export type SyncRepository = ReturnType<typeof createSyncRepository>;
