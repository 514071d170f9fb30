import { apiPaths } from '@etiqueta/contracts';
import type { Product } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiJson } from '@/lib/api-client';

/** GET /api/products/{id}: the full product (spec §7). Throws ApiError (404 when it does not exist). */
export const getProduct = (id: string | number, signal?: AbortSignal): Promise<Product> =>
  apiJson(apiPaths.products.one(id), { signal });

/**
 * Spec §7 gives this call no cache rule of its own, so the app defaults apply (never stale, no retry). The
 * product page and its additives and suspects pages share this key: moving between them costs no request.
 */
export const productQueryOptions = (id: string | number) =>
  queryOptions({
    queryKey: [apiPaths.products.one(id)],
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export const useProduct = (id: string | number) => useQuery(productQueryOptions(id));

/** 404, and 400 for an address that cannot be a product id ("/product/abc"): both mean there is no such product. */
export const isProductMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
