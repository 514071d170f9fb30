import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** Spec §9: the sync status is polled every 30 s. */
export const SYNC_STATUS_POLL_MS = 30_000;
/** While a run is going, follow it closely so its end (and its counts) show without waiting 30 s. */
export const SYNC_RUNNING_POLL_MS = 2_000;

export const syncStatusQueryOptions = () =>
  queryOptions({
    ...addressQuery(apiPaths.sync.status),
    refetchInterval: (query) => (query.state.data?.running ? SYNC_RUNNING_POLL_MS : SYNC_STATUS_POLL_MS),
  });

export const useSyncStatus = () => useQuery(syncStatusQueryOptions());
