import { apiPaths } from '@etiqueta/contracts';
import type { ProductSummary } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getCategoryProducts = (
  slug: string,
  sub2category: string | null,
  signal?: AbortSignal,
): Promise<ProductSummary[]> => apiJson<ProductSummary[]>(apiPaths.categories.products(slug, sub2category), { signal });

/** Spec §7: GET /api/categories/{slug}/products[?sub2categories=]; default read rules. */
export const categoryProductsQueryOptions = (slug: string, sub2category: string | null) =>
  queryOptions({
    queryKey: [apiPaths.categories.products(slug, sub2category)],
    queryFn: ({ signal }) => getCategoryProducts(slug, sub2category, signal),
  });

export const useCategoryProducts = (slug: string, sub2category: string | null, enabled = true) =>
  useQuery({ ...categoryProductsQueryOptions(slug, sub2category), enabled });
