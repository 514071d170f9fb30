import type { Subcategory } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const categorySubcategoriesAddress = (slug: string) =>
  `/api/categories/${encodeURIComponent(slug)}/subcategories`;

export const getCategorySubcategories = (slug: string, signal?: AbortSignal): Promise<Subcategory[]> =>
  apiJson<Subcategory[]>(categorySubcategoriesAddress(slug), { signal });

/** Spec §7: GET /api/categories/{slug}/subcategories; default read rules. */
export const categorySubcategoriesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [categorySubcategoriesAddress(slug)],
    queryFn: ({ signal }) => getCategorySubcategories(slug, signal),
  });

export const useCategorySubcategories = (slug: string) => useQuery(categorySubcategoriesQueryOptions(slug));
