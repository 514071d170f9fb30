import { z } from 'zod';

export const syncStatus = z.object({
  initialized: z.boolean(),
  realtimeSyncActive: z.boolean(),
  lastBulkSync: z.string().nullable(),
  lastIncrementalSync: z.string().nullable(),
  message: z.string(),
  running: z.boolean(),
  source: z.string(),
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
  rejections: z.array(z.object({ barcode: z.string().nullable(), reason: z.string() })),
  error: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRun>;
