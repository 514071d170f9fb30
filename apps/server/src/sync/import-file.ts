import type { Database } from '../db/client.ts';
import { createOffFileAdapter } from './adapters/off-file-adapter.ts';
import { createSyncService, type RunSummary } from './sync.service.ts';

/**
 * Imports an OFF export file into the given database (a bulk run, the same code path as every sync).
 * Used by the e2e server to start from a known catalogue and by the benchmark.
 */
export async function importFile(
  database: Database,
  filePath: string,
  options: { batchSize?: number; onBatch?: (p: { runId: number; batches: number; records: number }) => void } = {},
): Promise<RunSummary> {
  const service = createSyncService({ database, adapter: createOffFileAdapter(filePath), ...options });
  return service.run('bulk');
}
