import type { SearchResponse } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** Spec §9: the results page asks for 30 products; a search needs at least 2 characters. */
export const RESULTS_PAGE_LIMIT = 30;
export const MIN_SEARCH_LENGTH = 2;
/** Spec §7: search answers are cached for 5 minutes. */
export const SEARCH_STALE_MS = 5 * 60 * 1000;
export const SEARCH_FAILED_MESSAGE = 'Search failed';

export const searchAddress = (q: string, limit: number) =>
  `/api/v1/search?${new URLSearchParams({ q, limit: String(limit) }).toString()}`;

/** GET /api/v1/search; any non-OK answer is 'Search failed' (spec §7, §8). */
export const searchProducts = async (q: string, limit: number, signal?: AbortSignal): Promise<SearchResponse> => {
  let response: Response;
  try {
    response = await apiFetch(searchAddress(q, limit), { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(SEARCH_FAILED_MESSAGE, { cause: error });
  }
  return (await response.json()) as SearchResponse;
};

export const searchProductsQueryOptions = (q: string, limit = RESULTS_PAGE_LIMIT) =>
  queryOptions({
    queryKey: [searchAddress(q, limit)],
    queryFn: ({ signal }) => searchProducts(q, limit, signal),
    staleTime: SEARCH_STALE_MS,
  });

export const useSearchProducts = (q: string) => {
  const term = q.trim();
  return useQuery({ ...searchProductsQueryOptions(term), enabled: term.length >= MIN_SEARCH_LENGTH });
};
