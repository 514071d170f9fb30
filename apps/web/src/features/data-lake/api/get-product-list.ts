import { withQuery, type apiPaths } from '@etiqueta/contracts';
import type { DubiousResponse, UncategorizedResponse } from '@etiqueta/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/** The data-lake screen's product lists: products we could not classify, and labels that contradict themselves. */
export const PRODUCT_LIST_PAGE_SIZE = 20;

export type ProductListAddress = typeof apiPaths.sync.uncategorized | typeof apiPaths.sync.dubious;
export type ProductList = UncategorizedResponse | DubiousResponse;

const getProductList = (address: ProductListAddress, page: number, signal?: AbortSignal) => {
  const query = { limit: PRODUCT_LIST_PAGE_SIZE, offset: (page - 1) * PRODUCT_LIST_PAGE_SIZE };
  return apiJson(withQuery(address, query), { signal });
};

export const productListQueryOptions = (address: ProductListAddress, page: number) =>
  queryOptions({
    queryKey: [address, { page }],
    queryFn: ({ signal }) => getProductList(address, page, signal),
    placeholderData: keepPreviousData,
  });

export const useProductList = (address: ProductListAddress, page: number) =>
  useQuery(productListQueryOptions(address, page));
