import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery, ApiError } from '@/lib/api-client';

/**
 * GET /api/products/{id}: the full product (spec §7); its error an ApiError (404 when it does not exist).
 * Spec §7 gives this call no cache rule of its own, so the app defaults apply (never stale, no retry). The
 * product page and its additives and suspects pages share this key: moving between them costs no request.
 */
export const productQueryOptions = (id: string | number) =>
  queryOptions(addressQuery(apiPaths.products.one(id)));

export const useProduct = (id: string | number) => useQuery(productQueryOptions(id));

/** 404, and 400 for an address that cannot be a product id ("/product/abc"): both mean there is no such product. */
export const isProductMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
