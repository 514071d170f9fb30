import { apiPaths } from '@etiqueta/contracts';
import type { Subcategory } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getSubcategory = (slug: string, signal?: AbortSignal): Promise<Subcategory> =>
  apiJson(apiPaths.subcategories.one(slug), { signal });

/** Spec §7: GET /api/subcategories/{slug}, for its name and parentCategory; default read rules. */
export const subcategoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [apiPaths.subcategories.one(slug)],
    queryFn: ({ signal }) => getSubcategory(slug, signal),
  });

export const useSubcategory = (slug: string | undefined) =>
  useQuery({ ...subcategoryQueryOptions(slug ?? ''), enabled: Boolean(slug) });
