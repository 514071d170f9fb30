import type { SyncRunsResponse } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const SYNC_RUNS_ADDRESS = '/api/sync/runs';
export const SYNC_RUNS_LIMIT = 10;

export const getSyncRuns = (limit: number, signal?: AbortSignal): Promise<SyncRunsResponse> =>
  apiJson<SyncRunsResponse>(`${SYNC_RUNS_ADDRESS}?limit=${limit}`, { signal });

export const syncRunsQueryOptions = (limit = SYNC_RUNS_LIMIT) =>
  queryOptions({
    queryKey: [SYNC_RUNS_ADDRESS, { limit }],
    queryFn: ({ signal }) => getSyncRuns(limit, signal),
  });

export const useSyncRuns = (limit = SYNC_RUNS_LIMIT) => useQuery(syncRunsQueryOptions(limit));
