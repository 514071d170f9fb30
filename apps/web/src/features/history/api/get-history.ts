import { apiPaths, type HistoryPage } from '@etiqueta/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/**
 * The history a page at a time ("Ver más"), newest first. The first page without a search is GET /api/history
 * exactly: the address the service worker keeps for reading offline, so the page renders from that one answer.
 */
export const historyQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [apiPaths.history.page({ q })],
    queryFn: ({ pageParam, signal }) =>
      apiJson(apiPaths.history.page({ q, cursor: pageParam }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: HistoryPage) => last.nextCursor,
    // A visit to a product adds to the history: the page asks again each time it is opened.
    staleTime: 0,
  });

export const useHistory = (q: string) =>
  useInfiniteQuery({
    ...historyQueryOptions(q),
    // A new search keeps the current entries on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });

/** Every cached history read (each search is its own), after anything that changes the history. */
export const isHistoryQuery = (queryKey: readonly unknown[]) =>
  typeof queryKey[0] === 'string' &&
  (queryKey[0] === apiPaths.history.all || queryKey[0].startsWith(`${apiPaths.history.all}?`));

export const refreshHistory = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => isHistoryQuery(query.queryKey) });
