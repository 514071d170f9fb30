import { apiPaths } from '@etiqueta/contracts';
import type { EndpointResponse, HealthResponse } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiJson } from '@/lib/api-client';


/** A 503 still carries the health body (database down): read it rather than failing. */
export const getServerHealth = async (signal?: AbortSignal): Promise<HealthResponse> => {
  try {
    return await apiJson(apiPaths.health, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && error.body)
      return JSON.parse(error.body) as EndpointResponse<'GET /api/health', 503>;
    throw error;
  }
};

export const serverHealthQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.health],
    queryFn: ({ signal }) => getServerHealth(signal),
    staleTime: 30_000,
  });

export const useServerHealth = () => useQuery(serverHealthQueryOptions());
