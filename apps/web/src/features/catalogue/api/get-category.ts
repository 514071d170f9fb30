import { apiPaths } from '@etiqueta/contracts';
import type { Category } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export const getCategory = (slug: string, signal?: AbortSignal): Promise<Category> =>
  apiJson(apiPaths.categories.one(slug), { signal });

/** Spec §7: GET /api/categories/{slug}, for its name; default read rules (never stale, no retry). */
export const categoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [apiPaths.categories.one(slug)],
    queryFn: ({ signal }) => getCategory(slug, signal),
  });

export const useCategory = (slug: string | undefined) =>
  useQuery({ ...categoryQueryOptions(slug ?? ''), enabled: Boolean(slug) });
