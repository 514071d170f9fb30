import { apiPaths } from '@etiqueta/contracts';
import type { SearchResponse } from '@etiqueta/contracts';
import { queryOptions } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';
import { OFFLINE_MESSAGE, isOfflineError } from '@/lib/error-message';

/** Spec §5, §9: a search needs at least 2 characters; home and each page of results ask for 30 products. */
export const MIN_SEARCH_LENGTH = 2;
export const SEARCH_LIMIT = 30;
/** Spec §7: search answers are cached for 5 minutes. */
export const SEARCH_STALE_MS = 5 * 60 * 1000;
/** Spec §7, §8 said 'Search failed': in Spanish, and saying what to do. */
export const SEARCH_FAILED_MESSAGE = 'No pudimos buscar. Inténtalo de nuevo en un momento.';

/** What a failed search says: offline, or the search itself failed. */
export const searchFailedText = (error: unknown) => (isOfflineError(error) ? OFFLINE_MESSAGE : SEARCH_FAILED_MESSAGE);

/*
 * One address, so one cache entry, for the home box and the results page: a search from home that finds
 * products opens /search?q= with the answer already in memory. Both build on this file.
 */

/** GET /api/v1/search, one page (1-based); a failure is shown with `searchFailedText`. */
export const searchProducts = (q: string, limit: number, signal?: AbortSignal, page = 1): Promise<SearchResponse> =>
  apiJson(apiPaths.search.text(q, limit, page), { signal });

export const searchProductsQueryOptions = (q: string, limit = SEARCH_LIMIT) =>
  queryOptions({
    queryKey: [apiPaths.search.text(q, limit)],
    queryFn: ({ signal }) => searchProducts(q, limit, signal),
    staleTime: SEARCH_STALE_MS,
  });
