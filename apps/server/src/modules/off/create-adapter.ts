import path from 'node:path';
import type { Env } from '../../config/env.ts';
import { createOffExportAdapter } from './adapters/off-export-adapter.ts';
import { createOffFileAdapter } from './adapters/off-file-adapter.ts';
import type { DataLakeAdapter } from './adapters/data-lake-adapter.ts';

/**
 * `off` → OFF's daily JSONL export (full runs) and delta files (incremental runs), products sold in Chile;
 * `file:PATH` → a local OFF export (JSON Lines, CSV or TSV, gzipped or not). A relative PATH is taken from
 * where the command was typed (npm's INIT_CWD), not from the workspace npm runs the script in.
 */
export function createAdapter(source: string, env: Pick<Env, 'OFF_EXPORT_URL' | 'OFF_DELTA_URL' | 'INIT_CWD'>): DataLakeAdapter {
  if (source === 'off') return createOffExportAdapter({ exportUrl: env.OFF_EXPORT_URL, deltaUrl: env.OFF_DELTA_URL });
  if (source.startsWith('file:') && source.length > 'file:'.length) {
    return createOffFileAdapter(path.resolve(env.INIT_CWD ?? process.cwd(), source.slice('file:'.length)));
  }
  throw new Error(`DATA_LAKE_SOURCE must be 'off' or 'file:PATH', got '${source}'`);
}
