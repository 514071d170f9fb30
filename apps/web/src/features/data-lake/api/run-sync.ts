import { apiPaths } from '@etiqueta/contracts';
import type { syncTrigger } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { apiJson } from '@/lib/api-client';


export type SyncTriggerResult = z.infer<typeof syncTrigger>;
export type SyncKind = 'bulk' | 'incremental';

/** POST /api/sync/bulk or /api/sync/incremental: the server starts the run and answers at once. */
export const runSync = (kind: SyncKind): Promise<SyncTriggerResult> =>
  apiJson(apiPaths.sync.run(kind), { method: 'POST' });

/** After a start, the status (now `running`) and the history are read again, so the polling speeds up. */
export const useRunSync = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSync,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [apiPaths.sync.status] }),
        queryClient.invalidateQueries({ queryKey: [apiPaths.sync.runs] }),
      ]),
  });
};
