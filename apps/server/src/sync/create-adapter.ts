import type { Env } from '../config/env.ts';
import { createOffApiAdapter } from './adapters/off-api-adapter.ts';
import { createOffFileAdapter } from './adapters/off-file-adapter.ts';
import type { DataLakeAdapter } from './adapters/data-lake-adapter.ts';

/** `off` → the OFF API for Chile at OFF_BASE_URL; `file:PATH` → a local OFF export (JSONL, CSV or TSV). */
export function createAdapter(source: string, env: Pick<Env, 'OFF_BASE_URL'>): DataLakeAdapter {
  if (source === 'off') return createOffApiAdapter({ baseUrl: env.OFF_BASE_URL });
  if (source.startsWith('file:') && source.length > 'file:'.length) return createOffFileAdapter(source.slice('file:'.length));
  throw new Error(`DATA_LAKE_SOURCE must be 'off' or 'file:PATH', got '${source}'`);
}
