import type { syncTrigger } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { apiJson } from '@/lib/api-client';

import { SYNC_STATUS_ADDRESS } from './get-sync-status';
import { SYNC_RUNS_ADDRESS } from './get-sync-runs';

export type SyncTriggerResult = z.infer<typeof syncTrigger>;
export type SyncKind = 'bulk' | 'incremental';

/** POST /api/sync/bulk or /api/sync/incremental: the server starts the run and answers at once. */
export const runSync = (kind: SyncKind): Promise<SyncTriggerResult> =>
  apiJson<SyncTriggerResult>(`/api/sync/${kind}`, { method: 'POST' });

/** After a start, the status (now `running`) and the history are read again, so the polling speeds up. */
export const useRunSync = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSync,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [SYNC_STATUS_ADDRESS] }),
        queryClient.invalidateQueries({ queryKey: [SYNC_RUNS_ADDRESS] }),
      ]),
  });
};
