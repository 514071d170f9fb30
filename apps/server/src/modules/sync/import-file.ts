import type { Database } from '../../db/client.ts';
import type { CatalogueWrites } from '../../lib/catalogue-writes.ts';
import { createOffFileAdapter } from '../off/adapters/off-file-adapter.ts';
import type { RunSummary } from './run-summary.ts';
import { createSyncParts } from './sync-parts.ts';
import { createSyncService } from './sync.service.ts';

export type ImportFileOptions = {
  batchSize?: number;
  onBatch?: (progress: { runId: number; batches: number; records: number }) => void;
  /** Pass the app's write path when the app is already running, so its caches and search index refresh. */
  catalogue?: CatalogueWrites;
};

/**
 * Imports an OFF export file (JSONL, CSV or TSV) into the given database: a bulk run, the same code path as
 * every sync (taxonomy seeded, records mapped, classified, scored, batched upserts, counts). Used by the e2e
 * server to start from a known catalogue, and by the benchmark.
 */
export async function importFile(database: Database, filePath: string, { catalogue, ...options }: ImportFileOptions = {}): Promise<RunSummary> {
  const service = createSyncService({ parts: createSyncParts(database, catalogue), adapter: createOffFileAdapter(filePath), ...options });
  return service.run('bulk');
}
