import type { SearchResponse } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** Spec §5, §9: at least 2 characters; the home box asks for 30 results, like the results page. */
export const MIN_SEARCH_LENGTH = 2;
export const HOME_SEARCH_LIMIT = 30;
export const SEARCH_FAILED_MESSAGE = 'Search failed';

/*
 * The same address (and so the same cache entry, 5 minutes) as the results page's search: a search
 * from home that finds products opens /search?q= with the answer already in memory.
 */
export const searchAddress = (q: string, limit: number) =>
  `/api/v1/search?${new URLSearchParams({ q, limit: String(limit) }).toString()}`;

/** GET /api/v1/search; any non-OK answer is 'Search failed' (spec §7, §8). */
export const searchProducts = async (
  q: string,
  limit: number,
  signal?: AbortSignal,
): Promise<SearchResponse> => {
  let response: Response;
  try {
    response = await apiFetch(searchAddress(q, limit), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(SEARCH_FAILED_MESSAGE, { cause: error });
  }
  return (await response.json()) as SearchResponse;
};

export const searchProductsQueryOptions = (q: string, limit = HOME_SEARCH_LIMIT) =>
  queryOptions({
    queryKey: [searchAddress(q, limit)],
    queryFn: ({ signal }) => searchProducts(q, limit, signal),
    staleTime: 5 * 60 * 1000,
  });

/** Runs only for a committed term of at least 2 characters (spec §4). */
export const useHomeSearch = (committed: string) =>
  useQuery({
    ...searchProductsQueryOptions(committed),
    enabled: committed.length >= MIN_SEARCH_LENGTH,
  });
