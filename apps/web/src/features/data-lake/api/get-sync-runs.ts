import { apiPaths, withQuery } from '@etiqueta/contracts';
import type { SyncRunsResponse } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const SYNC_RUNS_LIMIT = 10;

export const getSyncRuns = (limit: number, signal?: AbortSignal): Promise<SyncRunsResponse> =>
  apiJson(withQuery(apiPaths.sync.runs, { limit }), { signal });

export const syncRunsQueryOptions = (limit = SYNC_RUNS_LIMIT) =>
  queryOptions({
    queryKey: [apiPaths.sync.runs, { limit }],
    queryFn: ({ signal }) => getSyncRuns(limit, signal),
  });

export const useSyncRuns = (limit = SYNC_RUNS_LIMIT) => useQuery(syncRunsQueryOptions(limit));
