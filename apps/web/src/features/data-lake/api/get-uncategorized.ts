import type { UncategorizedResponse } from '@etiqueta/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const UNCATEGORIZED_ADDRESS = '/api/sync/uncategorized';
export const UNCATEGORIZED_PAGE_SIZE = 20;

export const getUncategorized = (page: number, signal?: AbortSignal): Promise<UncategorizedResponse> => {
  const search = new URLSearchParams({
    limit: String(UNCATEGORIZED_PAGE_SIZE),
    offset: String((page - 1) * UNCATEGORIZED_PAGE_SIZE),
  });
  return apiJson<UncategorizedResponse>(`${UNCATEGORIZED_ADDRESS}?${search.toString()}`, { signal });
};

export const uncategorizedQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [UNCATEGORIZED_ADDRESS, { page }],
    queryFn: ({ signal }) => getUncategorized(page, signal),
    placeholderData: keepPreviousData,
  });

export const useUncategorized = (page: number) => useQuery(uncategorizedQueryOptions(page));
