// One batch of a sync run written: its records mapped, classified and scored in JS, then the changed rows, the
// listing's marks and the run's progress in one catalogue transaction. A batch the database refuses is written
// again record by record, and a record refused alone is rejected with the database's reason: one bad record never
// stops a run.
import type { SyncRejection, SyncRunProgress } from '../../db/schema.ts';
import type { CatalogueWrites } from '../../lib/catalogue-writes.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AdditiveMatcher } from '../additives/additive-matcher.service.ts';
import type { CatalogueImportRepository, TaxonomyIds } from '../catalogue-import/catalogue-import.repository.ts';
import { writeMappedProducts } from '../catalogue-import/catalogue-import.service.ts';
import { mapOffProduct, type MappedProduct } from '../catalogue-import/mapper.ts';
import type { SourceRecord } from '../off/adapters/data-lake-adapter.ts';
import { describeError } from './run-summary.ts';
import type { SyncRepository } from './sync.repository.ts';

const MAX_STORED_REJECTIONS = 5_000;


/**
 * The batch writer of one run. `storedRejections`: rejections the run's row already holds (a resumed run);
 * `progress`: the run's live progress, saved with each batch.
 */
export function createBatchWriter(
  deps: {
    catalogue: CatalogueWrites;
    catalogueRepo: CatalogueImportRepository;
    repo: SyncRepository;
    log: Logger<'warn'>;
  },
  run: {
    runId: number;
    taxonomy: TaxonomyIds;
    matcher: AdditiveMatcher;
    listing: boolean;
    storedRejections: number;
    progress: () => SyncRunProgress;
  },
) {
  const { catalogue, catalogueRepo, repo, log } = deps;
  const { runId, taxonomy, matcher, listing, progress: snapshot } = run;
  let storedRejections = run.storedRejections;

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
      if (!(await repo.databaseAnswers())) throw err;
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

  return writeOrSplit;
}
