import type { SearchResponse } from '@etiqueta/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';

import {
  MIN_SEARCH_LENGTH,
  SEARCH_LIMIT,
  SEARCH_STALE_MS,
  searchProducts,
  searchProductsQueryOptions,
} from './search-products';

/** The results a page of 30 at a time ("Ver más"); `total` is the true count, and every result is reachable. */
export const searchPagesQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['search-pages', q],
    queryFn: ({ pageParam, signal }) => searchProducts(q, SEARCH_LIMIT, signal, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResponse) =>
      last.page * SEARCH_LIMIT < last.total && last.results.length > 0 ? last.page + 1 : undefined,
    staleTime: SEARCH_STALE_MS,
  });

export const useSearchProducts = (q: string) => {
  const term = q.trim();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    ...searchPagesQueryOptions(term),
    enabled: term.length >= MIN_SEARCH_LENGTH,
    // A search from home that found products opens this page with its first page already in memory.
    initialData: () => {
      const first = queryClient.getQueryData(searchProductsQueryOptions(term).queryKey);
      return first ? { pages: [first], pageParams: [1] } : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(searchProductsQueryOptions(term).queryKey)?.dataUpdatedAt,
  });
};
