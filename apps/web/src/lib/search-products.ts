import { apiPaths } from '@etiqueta/contracts';
import type { SearchResponse } from '@etiqueta/contracts';
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** Spec §5, §9: a search needs at least 2 characters; home and the results page ask for 30 products. */
export const MIN_SEARCH_LENGTH = 2;
export const SEARCH_LIMIT = 30;
/** Spec §7: search answers are cached for 5 minutes. */
export const SEARCH_STALE_MS = 5 * 60 * 1000;
export const SEARCH_FAILED_MESSAGE = 'Search failed';

/*
 * One address, so one cache entry, for the home box and the results page: a search from home that finds
 * products opens /search?q= with the answer already in memory. Both features build on this file.
 */

/** GET /api/v1/search; any non-OK answer is 'Search failed' (spec §7, §8). */
export const searchProducts = async (
  q: string,
  limit: number,
  signal?: AbortSignal,
): Promise<SearchResponse> => {
  let response: Response;
  try {
    response = await apiFetch(apiPaths.search.text(q, limit), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(SEARCH_FAILED_MESSAGE, { cause: error });
  }
  return (await response.json()) as SearchResponse;
};

export const searchProductsQueryOptions = (q: string, limit = SEARCH_LIMIT) =>
  queryOptions({
    queryKey: [apiPaths.search.text(q, limit)],
    queryFn: ({ signal }) => searchProducts(q, limit, signal),
    staleTime: SEARCH_STALE_MS,
  });
