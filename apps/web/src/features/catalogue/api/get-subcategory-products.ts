import { apiPaths } from '@etiqueta/contracts';
import type { ProductSummary } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/** Spec §7: subcategory products are cached for 5 minutes. */
export const SUBCATEGORY_PRODUCTS_STALE_MS = 5 * 60 * 1000;


export const getSubcategoryProducts = (
  slug: string,
  sub2category: string | null,
  signal?: AbortSignal,
): Promise<ProductSummary[]> =>
  apiJson<ProductSummary[]>(apiPaths.subcategories.products(slug, sub2category), { signal });

export const subcategoryProductsQueryOptions = (slug: string, sub2category: string | null) =>
  queryOptions({
    queryKey: [apiPaths.subcategories.products(slug, sub2category)],
    queryFn: ({ signal }) => getSubcategoryProducts(slug, sub2category, signal),
    staleTime: SUBCATEGORY_PRODUCTS_STALE_MS,
  });

export const useSubcategoryProducts = (slug: string, sub2category: string | null, enabled = true) =>
  useQuery({ ...subcategoryProductsQueryOptions(slug, sub2category), enabled });
