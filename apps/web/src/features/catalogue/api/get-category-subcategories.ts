import { apiPaths } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { addressQuery } from '@/lib/api-client';

/** Spec §7: GET /api/categories/{slug}/subcategories; default read rules. */
export const categorySubcategoriesQueryOptions = (slug: string) =>
  queryOptions(addressQuery(apiPaths.categories.subcategories(slug)));

export const useCategorySubcategories = (slug: string) => useQuery(categorySubcategoriesQueryOptions(slug));
