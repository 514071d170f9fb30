import { z } from 'zod';
import { limitParam, wholeNumberParam } from './common.ts';
import { productIdentity } from './products.ts';

/** How far the running sync has got: bytes and records read, kept (sold in Chile), written, time left. */
export const syncProgress = z.object({
  stage: z.string(),
  bytesRead: z.number(),
  bytesTotal: z.number().nullable(),
  recordsRead: z.number().int(),
  recordsKept: z.number().int(),
  recordsProcessed: z.number().int(),
  etaSeconds: z.number().nullable(),
  updatedAt: z.string(),
});
export type SyncProgress = z.infer<typeof syncProgress>;

export const syncStatus = z.object({
  initialized: z.boolean(),
  realtimeSyncActive: z.boolean(),
  lastBulkSync: z.string().nullable(),
  lastIncrementalSync: z.string().nullable(),
  message: z.string(),
  running: z.boolean(),
  /** The configured source (`DATA_LAKE_SOURCE`). */
  source: z.string(),
  /** The running run's progress (from whichever process runs it); null when none runs. */
  progress: syncProgress.nullable(),
  /** The last run that succeeded, of any kind, and the source the catalogue came from in it. */
  lastSuccess: z.object({ at: z.string(), kind: z.enum(['bulk', 'incremental']), source: z.string() }).nullable(),
  /** The next scheduled run in this process; null when the schedule is off or a run is going. */
  nextRun: z.object({ at: z.string(), kind: z.enum(['bulk', 'incremental']) }).nullable(),
  /** Set when the catalogue is going stale: no success for 48 h, or the last 3 runs failed; says why, in Spanish. */
  alert: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof syncStatus>;

export const connectionTest = z.object({ connected: z.boolean(), message: z.string() });
export const syncTrigger = z.object({ success: z.boolean(), message: z.string() });

export const syncRun = z.object({
  id: z.number().int(),
  kind: z.string(),
  source: z.string(),
  status: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  /** Products removed because OFF's export no longer lists them as sold in Chile. */
  removed: z.number().int(),
  rejections: z.array(z.object({ barcode: z.string().nullable(), reason: z.string() })),
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;

export const syncRunsQuery = z.object({
  limit: limitParam(100, 20),
});
export const syncRunsResponse = z.object({ runs: z.array(syncRun) });
export type SyncRunsResponse = z.infer<typeof syncRunsResponse>;

/** One page of a product list on the data-lake screen. */
export const productListQuery = z.object({
  limit: limitParam(500, 100),
  offset: wholeNumberParam('El desplazamiento', 0, 10_000_000, {
    tooSmall: 'El desplazamiento no puede ser negativo',
    tooLarge: 'El desplazamiento es demasiado grande',
  }).default(0),
});


/** Products the classifier could not place in our taxonomy: kept in the catalogue, listed for admins. */
export const uncategorizedResponse = z.object({ total: z.number().int(), items: z.array(productIdentity) });
export type UncategorizedResponse = z.infer<typeof uncategorizedResponse>;

/** Products whose label contradicts itself ('Datos dudosos'): not scored, listed for admins with the reasons. */
export const dubiousResponse = z.object({
  total: z.number().int(),
  items: z.array(productIdentity.extend({ issues: z.array(z.string()) })),
});
export type DubiousResponse = z.infer<typeof dubiousResponse>;

/**
 * Public: whether the first load of an empty catalogue is running, and the products written so far (0 when not
 * loading); `failure` when it could not run (Open Food Facts unreachable): why, in a shopper's words, and when the
 * server tries again (null when it will not on its own).
 */
export const catalogueLoading = z.object({
  loading: z.boolean(),
  products: z.number().int(),
  failure: z.object({ reason: z.string(), retryAt: z.string().nullable() }).nullable(),
});
export type CatalogueLoading = z.infer<typeof catalogueLoading>;
