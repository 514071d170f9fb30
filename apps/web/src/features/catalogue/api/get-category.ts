import type { Category } from '@etiqueta/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

export const categoryAddress = (slug: string) => `/api/categories/${encodeURIComponent(slug)}`;

export const getCategory = (slug: string, signal?: AbortSignal): Promise<Category> =>
  apiJson<Category>(categoryAddress(slug), { signal });

/** Spec §7: GET /api/categories/{slug}, for its name; default read rules (never stale, no retry). */
export const categoryQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [categoryAddress(slug)],
    queryFn: ({ signal }) => getCategory(slug, signal),
  });

export const useCategory = (slug: string | undefined) =>
  useQuery({ ...categoryQueryOptions(slug ?? ''), enabled: Boolean(slug) });
