import { apiPaths, withQuery } from '@etiqueta/contracts';
import type { AdminProductsPage } from '@etiqueta/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

export type AdminProductsParams = { q: string; page: number; pageSize?: number };

/**
 * One page of the catalogue (50,000 products are never loaded at once). Spec §7: the request carries
 * a cache-busting parameter and the table is read again when the window regains focus.
 */
export const getAdminProducts = (
  { q, page, pageSize = ADMIN_PRODUCTS_PAGE_SIZE }: AdminProductsParams,
  signal?: AbortSignal,
): Promise<AdminProductsPage> => {
  const address = withQuery(apiPaths.products.table, { page, pageSize, _: Date.now(), q: q.trim() });
  return apiJson(address, { signal });
};

export const adminProductsQueryOptions = (params: AdminProductsParams) =>
  queryOptions({
    queryKey: [
      apiPaths.products.table,
      { q: params.q.trim(), page: params.page, pageSize: params.pageSize ?? ADMIN_PRODUCTS_PAGE_SIZE },
    ],
    queryFn: ({ signal }) => getAdminProducts(params, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (params: AdminProductsParams) => useQuery(adminProductsQueryOptions(params));
