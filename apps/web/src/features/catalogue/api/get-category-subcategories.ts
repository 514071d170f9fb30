import { apiPaths } from '@etiqueta/contracts';
import type { Subcategory } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getCategorySubcategories = (slug: string, signal?: AbortSignal): Promise<Subcategory[]> =>
  apiJson(apiPaths.categories.subcategories(slug), { signal });

/** Spec §7: GET /api/categories/{slug}/subcategories; default read rules. */
export const categorySubcategoriesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [apiPaths.categories.subcategories(slug)],
    queryFn: ({ signal }) => getCategorySubcategories(slug, signal),
  });

export const useCategorySubcategories = (slug: string) => useQuery(categorySubcategoriesQueryOptions(slug));
