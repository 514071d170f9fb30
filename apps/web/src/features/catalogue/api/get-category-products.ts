import type { ProductSummary } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

/** The address with its optional `sub2categories={name}` filter, so each chip has its own cache entry. */
export const categoryProductsAddress = (slug: string, sub2category: string | null) => {
  const base = `/api/categories/${encodeURIComponent(slug)}/products`;
  return sub2category ? `${base}?${new URLSearchParams({ sub2categories: sub2category }).toString()}` : base;
};

export const getCategoryProducts = (
  slug: string,
  sub2category: string | null,
  signal?: AbortSignal,
): Promise<ProductSummary[]> => apiJson<ProductSummary[]>(categoryProductsAddress(slug, sub2category), { signal });

/** Spec §7: GET /api/categories/{slug}/products[?sub2categories=]; default read rules. */
export const categoryProductsQueryOptions = (slug: string, sub2category: string | null) =>
  queryOptions({
    queryKey: [categoryProductsAddress(slug, sub2category)],
    queryFn: ({ signal }) => getCategoryProducts(slug, sub2category, signal),
  });

export const useCategoryProducts = (slug: string, sub2category: string | null, enabled = true) =>
  useQuery({ ...categoryProductsQueryOptions(slug, sub2category), enabled });
